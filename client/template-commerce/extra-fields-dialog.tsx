/**
 * The extra-fields form of a formatter's Add To Cart button, asked before the add as the AddToCart
 * island asks it: the same lightbox, opened over the page on its own root and taken away when it
 * closes. The answers (JSON text) go to the caller, which adds to the cart.
 */
import { createRoot } from 'react-dom/client';
import { ExtraFieldsLightbox, type ExtraFieldsForm } from '../components/ExtraFieldsLightbox.tsx';

export function openExtraFieldsForm(form: ExtraFieldsForm, onAnswers: (additionalFields: string) => Promise<void>): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = (): void => {
    root.unmount();
    host.remove();
  };
  root.render(
    <ExtraFieldsLightbox form={form} open onClose={close}
      onSubmit={async (additionalFields) => {
        // as the island: the form closes and the button says how the add went
        close();
        await onAnswers(additionalFields);
        return null;
      }} />,
  );
}
