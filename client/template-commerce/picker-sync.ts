/**
 * `variants-select` writes each option twice, as a dropdown and as a row of radio buttons, for the
 * template's stylesheet to show one or both. A choice made in one is shown in the other, so the two
 * never disagree about what the button will add.
 */
const PICKERS_SELECTOR = '.product-variants[data-item-id]';

function optionNameOf(control: Element): string | null {
  return control.closest('[data-variant-option-name]')?.getAttribute('data-variant-option-name') ?? null;
}

function follow(event: Event): void {
  const control = event.target;
  if (!(control instanceof HTMLSelectElement || control instanceof HTMLInputElement)) return;
  const pickers = control.closest(PICKERS_SELECTOR);
  const name = optionNameOf(control);
  if (pickers === null || name === null) return;
  if (control instanceof HTMLSelectElement) {
    for (const radio of Array.from(pickers.querySelectorAll<HTMLInputElement>('input.variant-radiobtn'))) {
      if (optionNameOf(radio) === name) radio.checked = radio.value === control.value;
    }
  } else if (control.classList.contains('variant-radiobtn') && control.checked) {
    const select = Array.from(pickers.querySelectorAll<HTMLSelectElement>('select[data-variant-option-name]')).find((candidate) => optionNameOf(candidate) === name);
    if (select) select.value = control.value;
  }
}

/** Keeps every product's dropdowns and radio buttons together; returns the function that stops it. */
export function keepPickersTogether(doc: Document = document): () => void {
  doc.addEventListener('change', follow);
  return () => doc.removeEventListener('change', follow);
}
