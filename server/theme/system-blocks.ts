/**
 * Blocks the platform supplies to every template folder (template.conf's `systemPartials` and
 * the blocks templates apply without shipping them). A folder's own file of the same name wins.
 * They write the platform's markup shells; the page's scripts and stylesheets style them.
 */
const socialLinks = `{.repeated section socialAccounts}<a href="{profileUrl|htmlattr}" target="_blank" class="sqs-svg-icon--wrapper {serviceName}" aria-label="{screenname|htmlattr}">
<div><svg class="sqs-svg-icon--social" viewBox="0 0 64 64"><use class="sqs-use--icon" xlink:href="#{serviceName}-icon"></use><use class="sqs-use--mask" xlink:href="#{serviceName}-mask"></use></svg></div>
</a>{.end}`;

export const SYSTEM_BLOCKS: Readonly<Record<string, string>> = {
  // Applied with the website as the scope (`{.section website}{@|apply sqs-social-links}{.end}`).
  'sqs-social-links': socialLinks,
  // Applied from anywhere: finds the website itself.
  'social-links.block': `{.section website}${socialLinks}{.end}`,
  'sqs-share-buttons': `<div class="squarespace-social-buttons inline-style" data-system-data-id="{id|htmlattr}" data-asset-url="{assetUrl|htmlattr}" data-record-type="{recordType}" data-full-url="{fullUrl|htmlattr}" data-title="{title|htmlattr}"></div>`,
  'sqs-video-background.block': `<div class="sqs-video-background" data-config-url="{.section backgroundSource}{videoUrl|htmlattr}{.end}" data-config-playback-speed="1" data-config-filter="1" data-config-filter-strength="0"></div>`,
};
