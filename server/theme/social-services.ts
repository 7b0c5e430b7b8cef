/**
 * The services a site's connected accounts (`website.socialAccounts`) can name, as the platform
 * names them in `serviceName`: the service's own name for an account connected by signing in,
 * the same name ending in `-unauth` for one added as a plain profile link. Each has the name a
 * visitor knows it by and the glyph the host draws for it.
 */
import type { GlyphName } from './social-glyphs.ts';

interface SocialService {
  /** The `serviceName` of an account connected by signing in. */
  name: string;
  /** What a visitor calls it: the links' accessible name. */
  label: string;
  glyph: GlyphName;
}

const DRAWN: readonly SocialService[] = [
  { name: 'instagram', label: 'Instagram', glyph: 'camera' },
  { name: 'facebook', label: 'Facebook', glyph: 'letterF' },
  { name: 'twitter', label: 'X', glyph: 'letterX' },
  { name: 'x', label: 'X', glyph: 'letterX' },
  { name: 'linkedin', label: 'LinkedIn', glyph: 'letterIn' },
  { name: 'youtube', label: 'YouTube', glyph: 'play' },
  { name: 'pinterest', label: 'Pinterest', glyph: 'letterP' },
  { name: 'tiktok', label: 'TikTok', glyph: 'note' },
  { name: 'vimeo', label: 'Vimeo', glyph: 'letterV' },
  { name: 'email', label: 'Email', glyph: 'envelope' },
  { name: 'rss', label: 'RSS', glyph: 'feed' },
];

/** Services with no glyph of their own: they get the generic link glyph. */
const LINKED: ReadonlyArray<readonly [name: string, label: string]> = [
  ['500px', '500px'], ['amazon', 'Amazon'], ['apple-podcast', 'Apple Podcasts'], ['bandcamp', 'Bandcamp'],
  ['bandsintown', 'Bandsintown'], ['behance', 'Behance'], ['bluesky', 'Bluesky'], ['codepen', 'CodePen'],
  ['discord', 'Discord'], ['dribbble', 'Dribbble'], ['etsy', 'Etsy'], ['flickr', 'Flickr'], ['github', 'GitHub'],
  ['goodreads', 'Goodreads'], ['google', 'Google'], ['houzz', 'Houzz'], ['imdb', 'IMDb'], ['itunes', 'iTunes'],
  ['mastodon', 'Mastodon'], ['medium', 'Medium'], ['meetup', 'Meetup'], ['reddit', 'Reddit'], ['smugmug', 'SmugMug'],
  ['snapchat', 'Snapchat'], ['soundcloud', 'SoundCloud'], ['spotify', 'Spotify'], ['squarespace', 'Squarespace'],
  ['stitcher', 'Stitcher'], ['telegram', 'Telegram'], ['threads', 'Threads'], ['tidal', 'Tidal'], ['tumblr', 'Tumblr'],
  ['twitch', 'Twitch'], ['vevo', 'Vevo'], ['vine', 'Vine'], ['vk', 'VK'], ['vsco', 'VSCO'], ['whatsapp', 'WhatsApp'],
  ['yelp', 'Yelp'],
];

const SERVICES: readonly SocialService[] = [...DRAWN, ...LINKED.map(([name, label]) => ({ name, label, glyph: 'link' as const }))];

/** Every `serviceName` the host knows, both ways of connecting an account, with its label and glyph. */
export const SERVICE_NAMES: ReadonlyArray<{ serviceName: string; label: string; glyph: GlyphName }> = SERVICES.flatMap(
  (service) => [service.name, `${service.name}-unauth`].map((serviceName) => ({ serviceName, label: service.label, glyph: service.glyph })),
);

/** The glyph for an account's service: its own, or the generic link glyph for a service the host does not know. */
export function glyphOf(serviceName: string): GlyphName {
  return SERVICE_NAMES.find((service) => service.serviceName === serviceName)?.glyph ?? 'link';
}
