-- Tracking tables. Each is bounded: after an insert, rows older than the newest N are dropped,
-- so a flood of beacons cannot fill the disk. Ids are contiguous per table, which makes the
-- trim a cheap range delete on the primary key.

CREATE TABLE tracking_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE javascript_errors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE census_hits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE performance_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE clanker_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on INTEGER NOT NULL
);
