/**
 * A wide admin table's own scrolling region: on a phone the table scrolls sideways inside it
 * while the page keeps to the window. While the table is wider than the region, the region can
 * take the focus (so the keyboard can scroll it) and is named for screen readers; otherwise it
 * is a plain box and adds no stop to the tab order. Its name says it is the table, as the section
 * around it often bears the same list's name and two landmarks of one name cannot be told apart.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';

export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth);
    check();
    // jsdom (the unit tests) has no ResizeObserver; there the region never scrolls.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    // The table's own size changes with its rows, which leaves the region's size as it was.
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="admin-table-scroll"
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? ADMIN.tableRegion(label) : undefined}
      tabIndex={scrolls ? 0 : undefined}
    >
      {children}
    </div>
  );
}
