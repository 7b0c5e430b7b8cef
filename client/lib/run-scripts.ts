/**
 * Inserts owner-authored HTML (a form's post-submit HTML). Its scripts run only when the form's
 * setting allows it, and then under the page's CSP nonce: scripts set through innerHTML never
 * execute, so each is re-created carrying the nonce, which the page's policy requires of every
 * script. Otherwise the scripts are taken out and only the markup is shown.
 */
export function insertHtmlWithScripts(container: HTMLElement, html: string, options: { runScripts: boolean }): void {
  container.innerHTML = html;
  const nonce = pageNonce(container.ownerDocument);
  for (const old of Array.from(container.querySelectorAll('script'))) {
    if (!options.runScripts) {
      old.remove();
      continue;
    }
    const script = container.ownerDocument.createElement('script');
    for (const attribute of Array.from(old.attributes)) {
      if (attribute.name !== 'nonce') script.setAttribute(attribute.name, attribute.value);
    }
    if (nonce !== '') script.nonce = nonce;
    script.text = old.text;
    old.replaceWith(script);
  }
}

/**
 * The page's nonce, read from a script the server sent with it. Browsers hide the attribute's
 * value once the policy applies; the `nonce` property keeps it.
 */
export function pageNonce(document: Document): string {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  if (script === null) return '';
  return script.nonce || script.getAttribute('nonce') || '';
}
