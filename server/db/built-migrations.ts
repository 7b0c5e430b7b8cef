/**
 * The migrations a server bundle was built with. Run from the sources (tsx: development, the
 * tests) the store reads the migrations folder at each start, and this file says null; the build
 * (server/build.ts) replaces it in every bundle by the folder's files as they were then, names and
 * SQL, so a build applies only the migrations it was made with, and refuses to start beside a
 * folder holding one it was not made with (sources updated without a new build: server/db/migrate.ts).
 */
export interface BuiltMigration {
  name: string;
  sql: string;
}

/** Each engine's migrations, in name order, as the build found them; null when the sources run. */
export type BuiltMigrations = Readonly<Record<'sqlite' | 'postgres', readonly BuiltMigration[]>>;

export const BUILT_MIGRATIONS: BuiltMigrations | null = null;
