/**
 * Blocks the platform supplies to every template folder (template.conf's `systemPartials` and
 * the blocks templates apply without shipping them). A folder's own file of the same name wins.
 * They write the platform's markup shells; the page's scripts and stylesheets style them.
 */
import { SOCIAL_ICON_SPRITE_PATH, UNKNOWN_SERVICE_SYMBOL } from './social-icon-sprite.ts';
import { SERVICE_NAMES } from './social-services.ts';

function attributeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// The link's accessible name: the service's own name, else the account's screen name, else its
// serviceName (an account of a service the host does not know).
const serviceLabel = SERVICE_NAMES.map(({ serviceName, label }, index) => `{.${index === 0 ? '' : 'or '}equal? serviceName "${serviceName}"}${attributeText(label)}`).join('')
  + '{.or}{.section screenname}{@|htmlattr}{.or}{serviceName|htmlattr}{.end}{.end}';

// The sprite's symbols for the account: its service's, or the generic link glyph's for a service
// the sprite does not draw.
const symbolName = SERVICE_NAMES.map(({ serviceName }, index) => `{.${index === 0 ? '' : 'or '}equal? serviceName "${serviceName}"}${serviceName}`).join('')
  + `{.or}${UNKNOWN_SERVICE_SYMBOL}{.end}`;

// One link per account whose icon is shown ("Show social icon" off sets iconEnabled false), its
// icon and mask drawn from the sprite the host serves.
const socialLinks = `{.macro social-symbol}${symbolName}{.end}{.repeated section socialAccounts}{.equal? iconEnabled false}{.or}<a href="{profileUrl|htmlattr}" target="_blank" class="sqs-svg-icon--wrapper {serviceName|htmlattr}" aria-label="${serviceLabel}">
<div><svg class="sqs-svg-icon--social" viewBox="0 0 64 64"><use class="sqs-use--icon" xlink:href="${SOCIAL_ICON_SPRITE_PATH}#{@|apply social-symbol}-icon"></use><use class="sqs-use--mask" xlink:href="${SOCIAL_ICON_SPRITE_PATH}#{@|apply social-symbol}-mask"></use></svg></div>
</a>{.end}{.end}`;

export const SYSTEM_BLOCKS: Readonly<Record<string, string>> = {
  // Applied with the website as the scope (`{.section website}{@|apply sqs-social-links}{.end}`).
  'sqs-social-links': socialLinks,
  // Applied from anywhere: finds the website itself.
  'social-links.block': `{.section website}${socialLinks}{.end}`,
  'sqs-share-buttons': `<div class="squarespace-social-buttons inline-style" data-system-data-id="{id|htmlattr}" data-asset-url="{assetUrl|htmlattr}" data-record-type="{recordType}" data-full-url="{fullUrl|htmlattr}" data-title="{title|htmlattr}"></div>`,
  'sqs-video-background.block': `<div class="sqs-video-background" data-config-url="{.section backgroundSource}{videoUrl|htmlattr}{.end}" data-config-playback-speed="1" data-config-filter="1" data-config-filter-strength="0"></div>`,
};
