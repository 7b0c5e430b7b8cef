/**
 * The few globals of the platform's pages that a developer template's scripts read before doing
 * anything, defined where the page has none (so a page that loads the platform's scripts itself
 * keeps its own). On the platform they are on every page; without them a framework's built
 * site-bundle.js stopped at its first line ("Static is not defined") and none of its controllers
 * ran (bureau's pages stay blank, doncab's phone menu never opens).
 *
 * - `Static.SQUARESPACE_CONTEXT`: `tweakJSON`, the style editor's settings by name, which
 *   @squarespace/core's `Tweak.getValue` reads (`Tweak.getValue('tweak-site-ajax-loading-enable')
 *   === 'true'`), and `authenticatedAccount`, null for a visitor. The platform's context holds more;
 *   only what templates' scripts read is here. A page also carries it as data in a script element
 *   named `static-context`, which doncab's page loader looks up by that name and copies from the
 *   page it loads; as data (JSON), the copy, which has no nonce, is not a script the page's policy
 *   refuses.
 * - `Y.Squarespace.Template.getTweakValue(name)`, the same values through YUI, as dossier's
 *   committed sqs-core.js reads them. Nothing else of YUI: `Y.Global`, which only the style
 *   editor has, stays undefined, as scripts expect outside it.
 * - `Squarespace.globalDestroy()` and `Squarespace.afterBodyLoad()`, which a template's page loader
 *   calls around content it loads in place (doncab's, with its "ajax loading" tweak on, which is
 *   its default; dossier's). The platform's block lifecycle is not here, and the store's own scripts
 *   would not run on such content (an Add to Cart left disabled), so a page loaded in place is
 *   loaded whole at its new address: once afterBodyLoad has been called, the page reloads when its
 *   address is another than the one it opened at, whether the loader set it before the call
 *   (doncab) or sets it after (dossier's mercury.js, through history.pushState).
 * - `UserAccountApi`, the platform's customer-account calls, which @squarespace/core's `UserAccounts`
 *   forwards to (templates ask `isUserAuthenticated()` to choose between a sign-in and a my-account
 *   link, and call `openAccountScreen()` on a click); without it such a script stopped at the call.
 *   `isUserAuthenticated()` reads the SiteUserInfo cookie, as the platform's scripts do (an unreadable
 *   one is no user); `openAccountScreen()` opens the members' sign-in page, back to this page once
 *   signed in. A signed-in member has no account screen in this store: the call then does nothing.
 * - `ImageLoader.load(img, options)` (and `loadAll`), the platform's image loader, which
 *   @squarespace/core's `ImageLoader.load` and dossier's sqs-core.js only forward to: it gives an
 *   image written with `data-src` (the image-meta formatter's) its source at the width it is shown
 *   at and places it for 'fill' and 'fit' (platform-image-loader.js). Without it such images stayed
 *   blank and the first call stopped the template's script.
 */
import { escapeHtmlAttribute } from '../../engine/plugins/core/html-escape.ts';
// JSON no markup can break out of, which is also a JavaScript literal (its line separators escaped)
import { scriptJson } from '../security/script-json.ts';
import { IMAGE_LOADER_SCRIPT } from './platform-image-loader.ts';
import { SITE_USER_COOKIE } from '../../client/lib/cart.ts';
import { MEMBER_SIGN_IN_PATH } from '../pages/member-account-paths.ts';

/** `window.UserAccountApi`, where the page has none (see above). */
const USER_ACCOUNT_API = 'if(!window.UserAccountApi){'
  + `var signedIn=function(){var m=/(?:^|;\\s*)${SITE_USER_COOKIE}=([^;]*)/.exec(document.cookie);if(!m)return false;`
  + 'try{return JSON.parse(decodeURIComponent(m[1])).authenticated===true;}catch(e){return false;}};'
  + 'window.UserAccountApi={isUserAuthenticated:signedIn,openAccountScreen:function(){'
  + `if(!signedIn())location.assign(${JSON.stringify(`${MEMBER_SIGN_IN_PATH}?returnTo=`)}+encodeURIComponent(location.pathname+location.search));}};}`;

/**
 * `Static.SQUARESPACE_CONTEXT` of a page: what its scripts read, and what the page answers
 * `?format=page-context` with.
 */
export function staticContext(tweakValues: Readonly<Record<string, string>>): { authenticatedAccount: null; tweakJSON: Readonly<Record<string, string>> } {
  return { authenticatedAccount: null, tweakJSON: tweakValues };
}

/** The script elements, under the page's nonce (none in `tmpl render`'s output, which no policy guards). */
export function platformScriptGlobals(tweakValues: Readonly<Record<string, string>>, nonce: string): string {
  const attribute = nonce === '' ? '' : ` nonce="${escapeHtmlAttribute(nonce)}"`;
  const context = scriptJson(staticContext(tweakValues));
  return `<script type="application/json" data-name="static-context">${context}</script>`
    + `<script${attribute}>(function(){var c=${context};var v=c.tweakJSON;`
    + 'var S=window.Static=window.Static||{};if(!S.SQUARESPACE_CONTEXT)S.SQUARESPACE_CONTEXT=c;'
    + 'var Y=window.Y=window.Y||{};var P=Y.Squarespace=Y.Squarespace||{};var T=P.Template=P.Template||{};'
    + 'if(!T.getTweakValue)T.getTweakValue=function(n){return Object.prototype.hasOwnProperty.call(v,n)?v[n]:null;};'
    + 'var Q=window.Squarespace=window.Squarespace||{};if(!Q.globalDestroy)Q.globalDestroy=function(){};'
    + 'if(!Q.afterBodyLoad){var at=location.href,loaded=false,whole=function(){if(loaded&&location.href!==at)location.reload();};'
    + 'Q.afterBodyLoad=function(){Q.AFTER_BODY_LOADED=true;loaded=true;whole();};'
    + 'var H=window.history,push=H&&H.pushState;if(push)H.pushState=function(){var r=push.apply(H,arguments);whole();return r;};}'
    + USER_ACCOUNT_API
    + '})();\n'
    + `${IMAGE_LOADER_SCRIPT}</script>`;
}
