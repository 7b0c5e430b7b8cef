/** Internal template sources of the content formatters. */

/** audio-player: rendered against the audio item alone (isolated). */
export const AUDIO_PLAYER_TEMPLATE =
  `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
  `<div class="squarespace-audio-player" data-audio-asset-url="{structuredContent.audioAssetUrl}" ` +
  `data-item-id="{id}" id="audio-player-{id}"></div>`;
