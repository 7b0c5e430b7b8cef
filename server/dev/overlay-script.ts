import { NONCE_PLACEHOLDER } from '../security/content-security-policy.ts';
import { OVERLAY_ID } from './error-overlay.ts';

/** Where a browser tab remembers the errors its overlay last showed (their signature). */
const SHOWN_KEY = 'dev-error-overlay-shown';
/** Where it remembers the warnings whose bar the author closed (their signature). */
const CLOSED_WARNINGS_KEY = 'dev-warnings-closed';

/**
 * What the overlay does in the browser, on every development page (the nonce stand-in becomes the
 * response's CSP nonce, as for the reload script):
 *
 * - errors the author has not been shown yet take the focus, so the dialog is announced and Close
 *   is a Tab away; the same errors again, on the reload after a save that did not mend them, leave
 *   the focus where the page puts it rather than announcing them at every save. A page without
 *   errors forgets them, so errors that come back are new.
 * - Escape closes it, from inside it or from a page where nothing has the focus (an Escape meant
 *   for one of the page's own controls stays theirs), and the focus goes back to where it was.
 * - a bar of warnings alone, once closed, stays closed on the tab's next pages while the warnings
 *   are the same ones (it lies over the foot of the page, where a template keeps its phone bar and
 *   the store its cart button); other warnings open it again.
 *
 * - a code frame wider than its box (a long line, at a width between a phone's and the frame's)
 *   is scrolled so that its caret stands a quarter in, the tag it points at in view after it,
 *   rather than past the box's right edge or at its middle with the misspelt name cut off.
 *
 * Focus moved within a page never raises the browser's window: the author's editor keeps the keys.
 */
const BEHAVIOUR = `(()=>{
const d=document.getElementById(${JSON.stringify(OVERLAY_ID)}),k=${JSON.stringify(SHOWN_KEY)},wk=${JSON.stringify(CLOSED_WARNINGS_KEY)};
const s=d&&d.dataset.errors,w=d&&d.dataset.warnings;
let seen=null;
try{seen=sessionStorage.getItem(k);if(s)sessionStorage.setItem(k,s);else sessionStorage.removeItem(k);}catch(e){}
if(!d)return;
if(w){try{if(sessionStorage.getItem(wk)===w){d.close();return;}}catch(e){}d.addEventListener("close",()=>{try{sessionStorage.setItem(wk,w);}catch(e){}});}
for(const c of d.querySelectorAll(".caret")){const p=c.closest("pre");if(!p||p.clientWidth===0)continue;const x=c.offsetLeft-p.offsetLeft;if(x>p.clientWidth*0.6)p.scrollLeft=x-p.clientWidth/4;}
let before=null;
if(s&&s!==seen){before=document.activeElement;d.focus({preventScroll:true});}
const away=()=>{const a=document.activeElement;return a&&a!==document.body&&!d.contains(a);};
document.addEventListener("keydown",(e)=>{if(e.key==="Escape"&&!e.defaultPrevented&&d.open&&!away()){e.preventDefault();d.close();}});
d.addEventListener("close",()=>{if(!away()&&before&&before!==document.body&&before.isConnected)before.focus();});
})()`.replace(/\n/g, '');

export const OVERLAY_SCRIPT = `<script nonce="${NONCE_PLACEHOLDER}">${BEHAVIOUR}</script>`;
