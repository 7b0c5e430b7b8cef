/**
 * Inserts trusted owner-authored HTML (a form's post-submit HTML) and runs its
 * scripts: scripts set through innerHTML never execute, so each is re-created.
 */
export function insertHtmlWithScripts(container: HTMLElement, html: string): void {
  container.innerHTML = html;
  for (const old of Array.from(container.querySelectorAll('script'))) {
    const script = container.ownerDocument.createElement('script');
    for (const attribute of Array.from(old.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = old.text;
    old.replaceWith(script);
  }
}
