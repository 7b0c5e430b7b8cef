/**
 * The platform's reader of tweak values for a template's scripts:
 * `Y.Squarespace.Template.getTweakValue(name)`, which Squarespace's frameworks call through
 * @squarespace/core (`Tweak.getValue('tweak-site-ajax-loading-enable') === 'true'`) and dossier's
 * sqs-core.js calls directly, reading `Y.Global` first. On the platform YUI's `Y` is on every page;
 * here a small script defines that much of it (only what is missing, so a page that loads YUI
 * itself keeps its own), with the values of the folder's stylesheet tweaks (stylesheet-tweaks.ts).
 */
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';

/** JSON safe inside a script element: no `</script>`, no line separators that end a JavaScript string. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The script element, under the page's nonce (none in `tmpl render`'s output, which no policy guards). */
export function tweakValuesScript(values: Readonly<Record<string, string>>, nonce: string): string {
  const attribute = nonce === '' ? '' : ` nonce="${escapeHtmlAttribute(nonce)}"`;
  return `<script${attribute}>(function(){var v=${scriptJson(values)};var Y=window.Y=window.Y||{};var S=Y.Squarespace=Y.Squarespace||{};`
    + 'var T=S.Template=S.Template||{};if(!T.getTweakValue)T.getTweakValue=function(n){return Object.prototype.hasOwnProperty.call(v,n)?v[n]:null;};})();</script>';
}
