/**
 * A checkbox that chooses a row of a list for an action on several at once, named for screen
 * readers by what it chooses ("Select Harbour Jacket"); its label is a 44 px target on a touch
 * screen, so a tap beside the box ticks it too. `mixed`: some of what it stands for are chosen.
 */
import { useEffect, useRef } from 'react';

export function SelectBox({ label, checked, mixed = false, onChange }: { label: string; checked: boolean; mixed?: boolean; onChange: (checked: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  // only the DOM property says "mixed": there is no attribute for it
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed && !checked;
  }, [mixed, checked]);
  return (
    <label className="admin-select-box">
      <input ref={box} type="checkbox" aria-label={label} checked={checked} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}
