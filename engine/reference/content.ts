/**
 * Reference of the content plugins (engine/plugins/content): images, video, colours,
 * item classes, and the predicates about items, collections, galleries and record types.
 */
import type { DomainReference, PluginDoc } from './types.ts';

/** An image as the platform stores it on an item. */
const IMAGE = {
  id: 'img1',
  assetUrl: 'https://images.example.com/hat.jpg',
  originalSize: '1200x800',
  mediaFocalPoint: { x: 0.5, y: 0.4 },
  title: 'Wool hat',
  colorData: { topLeftAverage: 'f0e0d0', topRightAverage: 'e0d0c0', bottomLeftAverage: '302010', bottomRightAverage: '403020', centerAverage: '806040' },
};

/**
 * Predicates that test one number of the current item against a code:
 * record types, promoted blocks and background sources come in families.
 */
function codePredicate(field: string, value: number | string, summary: string, predicate: string): PluginDoc {
  const name = typeof value === 'number' ? `${field} ${value}` : `${field} "${value}"`;
  return {
    args: '',
    summary,
    examples: [
      {
        template: `{.repeated section items}{.${predicate}}[{title}]{.or}{title}{.end} {.end}`,
        data: { items: [{ title: 'Match', [field]: value }, { title: 'Other', [field]: typeof value === 'number' ? 999 : 'other' }] },
        output: '[Match] Other ',
        note: `The first item has ${name}.`,
      },
    ],
  };
}

/** Record types with a plain predicate, and their codes (`recordType`). */
const RECORD_TYPES: readonly [string, number, string][] = [
  ['undefined', -1, 'of no known type'],
  ['text', 1, 'a text (blog) post'],
  ['audio', 7, 'an audio (podcast) post'],
  ['store-item', 11, 'a product'],
  ['event', 12, 'an event'],
  ['binary', 15, 'an uploaded file'],
  ['css-asset', 16, 'a CSS asset'],
  ['tweak-asset', 17, 'a style (tweak) asset'],
  ['digital-good', 18, 'a digital download'],
  ['attachment', 19, 'an attachment'],
  ['wordpress-export', 20, 'a WordPress export'],
  ['json-export', 21, 'a JSON export'],
  ['site-search', 30, 'a site search'],
  ['active-time', 31, 'an active-time record'],
  ['tweet', 50, 'a tweet'],
  ['checkin', 52, 'a check-in'],
  ['kbarticle', 54, 'a knowledge-base article'],
];

/** Record types that an item promoted as the same kind of block also satisfies. */
const PROMOTED_RECORD_TYPES: readonly [string, number, string, string][] = [
  ['external-video', 8, 'video', 'a video'],
  ['video', 8, 'video', 'a video'],
  ['image', 2, 'image', 'an image'],
  ['quote', 4, 'quote', 'a quote'],
  ['link', 5, 'link', 'a link'],
  ['gallery', 14, 'gallery', 'a gallery'],
];

const PROMOTED_BLOCKS = ['map', 'embed', 'image', 'code', 'quote', 'twitter', 'link', 'video', 'foursquare', 'instagram', 'form'];

const BACKGROUND_SOURCES: readonly [string, number, string][] = [
  ['undefined', -1, 'has no known source'],
  ['upload', 1, 'is an uploaded image'],
  ['instagram', 2, 'comes from Instagram'],
  ['video', 3, 'is a video'],
  ['none', 4, 'is turned off'],
];

function recordTypePredicates(): Record<string, PluginDoc> {
  const docs: Record<string, PluginDoc> = {};
  for (const [name, code, what] of RECORD_TYPES) {
    docs[`${name}?`] = codePredicate('recordType', code, `The current item is ${what} (\`recordType\` ${code}).`, `${name}?`);
  }
  for (const [name, code, block, what] of PROMOTED_RECORD_TYPES) {
    docs[`${name}?`] = {
      args: '',
      summary: `The current item is ${what} (\`recordType\` ${code}) or is promoted as ${what} block (\`promotedBlockType\` "${block}").`,
      examples: [
        {
          template: `{.repeated section items}{.${name}?}[{title}]{.or}{title}{.end} {.end}`,
          data: { items: [{ title: 'Post', recordType: code }, { title: 'Promoted', recordType: 1, promotedBlockType: block }, { title: 'Other', recordType: 1 }] },
          output: '[Post] [Promoted] Other ',
        },
      ],
    };
  }
  for (const block of PROMOTED_BLOCKS) {
    const name = `promoted${block.toUpperCase()}?`;
    docs[name] = codePredicate('promotedBlockType', block, `The current item is promoted as a ${block} block (\`promotedBlockType\` "${block}").`, name);
  }
  for (const [source, code, what] of BACKGROUND_SOURCES) {
    const name = `background-source-${source}?`;
    docs[name] = codePredicate('backgroundSource', code, `The current page's background ${what} (\`backgroundSource\` ${code}).`, name);
  }
  return docs;
}

/** A gallery predicate that tests one value of the gallery block's `options`. */
function galleryOption(option: string, value: string | boolean, summary: string, name: string): PluginDoc {
  const shown = typeof value === 'string' ? `"${value}"` : String(value);
  return {
    args: '',
    summary,
    examples: [
      {
        template: `{.${name}}yes{.or}no{.end}`,
        data: { options: { [option]: value } },
        output: 'yes',
        note: `The gallery block's options have \`${option}\` ${shown}.`,
      },
    ],
  };
}

function galleryPredicates(): Record<string, PluginDoc> {
  const docs: Record<string, PluginDoc> = {};
  for (const design of ['grid', 'slideshow', 'slider', 'stacked']) {
    const name = `gallery-design-${design}?`;
    docs[name] = galleryOption('design', design, `The gallery block's design is ${design} (\`options.design\`).`, name);
  }
  for (const position of ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right']) {
    const name = `gallery-meta-position-${position}?`;
    docs[name] = galleryOption('meta-position', position, `The gallery shows its titles at the ${position} (\`options.meta-position\`).`, name);
  }
  for (const alignment of ['center', 'left', 'right']) {
    const name = `gallery-active-alignment-${alignment}?`;
    docs[name] = galleryOption('active-alignment', alignment, `The gallery aligns its active slide ${alignment === 'center' ? 'in the centre' : `to the ${alignment}`} (\`options.active-alignment\`).`, name);
  }
  const switches: [string, string][] = [
    ['autoplay', 'plays its slides automatically'],
    ['auto-crop', 'crops its images to fill'],
    ['controls', 'shows controls'],
    ['lightbox', 'opens images in a lightbox'],
    ['square-thumbs', 'shows square thumbnails'],
    ['show-meta', 'shows titles and descriptions'],
    ['show-meta-on-hover', 'shows titles and descriptions on hover'],
    ['thumbnails', 'shows thumbnails'],
  ];
  for (const [option, what] of switches) {
    const name = `gallery-${option}?`;
    docs[name] = galleryOption(option, true, `The gallery block ${what} (\`options.${option}\` is on).`, name);
  }
  docs['gallery-meta?'] = {
    args: '',
    summary: 'The gallery block shows controls or indicators (`options.controls` or `options.indicators`), so it needs its meta area.',
    examples: [{ template: '{.gallery-meta?}yes{.or}no{.end}', data: { options: { controls: false, indicators: true } }, output: 'yes' }],
  };
  return docs;
}

export const contentReference: DomainReference = {
  domain: 'content',
  title: 'Content',
  intro:
    'Images, video, colours and the classes and tests of content items. An image is an object with `assetUrl`, `originalSize` ("WIDTHxHEIGHT"), ' +
    '`mediaFocalPoint` and `colorData`; an item has `recordType` (1 text, 2 image, 8 video, 11 product, 12 event…), `promotedBlockType`, `title`, `excerpt`… ' +
    'Gallery predicates read the gallery block\'s `options` through the scopes.',
  formatters: {
    AbsUrl: {
      args: '',
      summary: 'The value as a path under the site\'s base URL (`base-url` in the context).',
      examples: [{ template: '{item.urlId|AbsUrl}', data: { 'base-url': 'https://shop.example.com', item: { urlId: 'hats/wool-hat' } }, output: 'https://shop.example.com/hats/wool-hat' }],
    },
    'audio-player': {
      args: '',
      summary: 'The markup of the audio player for an audio item (`structuredContent.audioAssetUrl`).',
      examples: [{ template: '{item|audio-player}', data: { item: { id: 'a1', title: 'Episode 1', structuredContent: { audioAssetUrl: 'https://media.example.com/ep1.mp3' } } }, output: `<script>Y.use('squarespace-audio-player-frontend');</script>\n<div class="squarespace-audio-player" data-audio-asset-url="https://media.example.com/ep1.mp3" data-item-id="a1" id="audio-player-a1"></div>` }],
    },
    capitalize: {
      args: '',
      summary: 'Upper-cases the whole text (not only the first letter: the references\' behaviour).',
      examples: [{ template: '{label|capitalize}', data: { label: 'new in' }, output: 'NEW IN' }],
    },
    humanizeDuration: {
      args: '',
      summary: 'A duration in milliseconds as minutes and seconds, `m:ss` (minutes are not wrapped into hours).',
      examples: [{ template: '{item.structuredContent.durationMs|humanizeDuration}', data: { item: { structuredContent: { durationMs: 754000 } } }, output: '12:34' }],
    },
    'color-weight': {
      args: '',
      summary: '`light` or `dark` for a hex colour, to pick a readable text colour over it.',
      examples: [{ template: '<div class="on-{bg|color-weight}">', data: { bg: '#1a1a2e' }, output: '<div class="on-dark">' }],
    },
    'website-color': {
      args: '',
      summary: 'The CSS `hsl()`/`hsla()` text of a colour the site stores as `{hue, saturation, lightness, alpha}`.',
      examples: [{ template: 'color: {colors.accent|website-color};', data: { colors: { accent: { hue: 210, saturation: 0.5, lightness: 0.4 } } }, output: 'color: hsl(210, 50%, 40%);' }],
    },
    image: {
      args: '[CLASS]',
      summary: 'A lazily loaded `<img>` (with a `<noscript>` fallback) for an image, with its size, focal point and alt text; CLASS defaults to `thumb-image`.',
      examples: [{ template: '{mainImage|image}', data: { mainImage: IMAGE }, output: '<noscript><img src="https://images.example.com/hat.jpg" alt="Wool hat" /></noscript><img class="thumb-image" data-src="https://images.example.com/hat.jpg" data-image="https://images.example.com/hat.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.5,0.4" alt="Wool hat" data-load="false" data-image-id="img1" data-type="image" />' }],
    },
    'image-meta': {
      args: '',
      summary: 'The attributes the image loader needs (`data-src`, `data-image`, `data-image-dimensions`, `data-image-focal-point`, `alt`), for an `<img>` you write yourself.',
      examples: [{ template: '<img {mainImage|image-meta}/>', data: { mainImage: IMAGE }, output: '<img data-src="https://images.example.com/hat.jpg" data-image="https://images.example.com/hat.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.5,0.4" alt="Wool hat" />' }],
    },
    'child-image-meta': {
      args: '[INDEX]',
      summary: 'The image attributes of the child item at INDEX (default 0) of a gallery or collection (`items`).',
      examples: [{ template: '<img {gallery|child-image-meta 1}/>', data: { gallery: { items: [{ ...IMAGE, assetUrl: 'https://images.example.com/first.jpg' }, IMAGE] } }, output: '<img data-src="https://images.example.com/hat.jpg" data-image="https://images.example.com/hat.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.5,0.4" alt="Wool hat" />' }],
    },
    'cover-image-meta': {
      args: '',
      summary: 'The image attributes of an item\'s `coverImage`.',
      examples: [{ template: '<img {collection|cover-image-meta}/>', data: { collection: { coverImage: IMAGE } }, output: '<img data-src="https://images.example.com/hat.jpg" data-image="https://images.example.com/hat.jpg" data-image-dimensions="1200x800" data-image-focal-point="0.5,0.4" alt="Wool hat" />' }],
    },
    'image-srcset': {
      args: '',
      summary: 'A `srcset` attribute (with its leading space) listing the platform\'s resized variants of an image (`systemDataVariants`), plus the original at the next standard width.',
      examples: [{ template: '<img{mainImage|image-srcset}>', data: { mainImage: { assetUrl: 'https://images.example.com/hat.jpg', systemDataVariants: '100w,300w,500w' } }, output: '<img srcset="https://images.example.com/hat.jpg?format=100w 100w,https://images.example.com/hat.jpg?format=300w 300w,https://images.example.com/hat.jpg?format=500w 500w,https://images.example.com/hat.jpg?format=original 750w">' }],
    },
    'image-color': {
      args: '[POSITION [PROPERTY]]',
      summary: 'The average colours of an image (`colorData`): all five as `data-color-*` attributes, one POSITION (`topLeft`, `topRight`, `bottomLeft`, `bottomRight`, `center`) as `#hex`, or as a CSS declaration with PROPERTY.',
      examples: [
        { template: '<div {mainImage|image-color}>', data: { mainImage: IMAGE }, output: '<div data-color-topLeft="#f0e0d0" data-color-topRight="#e0d0c0" data-color-bottomLeft="#302010" data-color-bottomRight="#403020" data-color-center="#806040" >' },
        { template: '<div style="{mainImage|image-color center background-color}">', data: { mainImage: IMAGE }, output: '<div style="background-color: #806040">' },
      ],
    },
    width: {
      args: '',
      summary: 'The width in an image\'s `originalSize` ("WIDTHxHEIGHT").',
      examples: [{ template: '{mainImage.originalSize|width}', data: { mainImage: IMAGE }, output: '1200' }],
    },
    height: {
      args: '',
      summary: 'The height in an image\'s `originalSize` ("WIDTHxHEIGHT").',
      examples: [{ template: '{mainImage.originalSize|height}', data: { mainImage: IMAGE }, output: '800' }],
    },
    resizedHeightForWidth: {
      args: 'WIDTH',
      summary: 'The height of an image of this `originalSize` scaled to WIDTH, keeping its proportions.',
      examples: [{ template: '{mainImage.originalSize|resizedHeightForWidth 300}', data: { mainImage: IMAGE }, output: '200' }],
    },
    resizedWidthForHeight: {
      args: 'HEIGHT',
      summary: 'The width of an image of this `originalSize` scaled to HEIGHT, keeping its proportions.',
      examples: [{ template: '{mainImage.originalSize|resizedWidthForHeight 200}', data: { mainImage: IMAGE }, output: '300' }],
    },
    squarespaceThumbnailForWidth: {
      args: 'WIDTH',
      summary: 'The name of the smallest platform image variant (`100w` … `1500w`) at least WIDTH wide, for `?format=` URLs.',
      examples: [{ template: '{mainImage.assetUrl}?format={mainImage|squarespaceThumbnailForWidth 420}', data: { mainImage: IMAGE }, output: 'https://images.example.com/hat.jpg?format=500w' }],
    },
    squarespaceThumbnailForHeight: {
      args: 'HEIGHT',
      summary: 'The name of the smallest platform image variant wide enough to show an image of this `originalSize` at HEIGHT.',
      examples: [{ template: '{mainImage.assetUrl}?format={mainImage.originalSize|squarespaceThumbnailForHeight 400}', data: { mainImage: IMAGE }, output: 'https://images.example.com/hat.jpg?format=750w' }],
    },
    'item-classes': {
      args: '',
      summary: 'The CSS classes of an item in a list: `hentry`, promoted block, categories, tags, author, post type, featured, and the product marks of store items.',
      examples: [
        {
          template: '<article class="{@|item-classes}">',
          data: { title: 'Hello', categories: ['News'], tags: ['Wool Hats'], author: { displayName: 'Ada L' }, recordTypeLabel: 'text', starred: true },
          output: '<article class="hentry category-news tag-wool-hats author-ada-l post-type-text featured">',
        },
      ],
    },
    video: {
      args: '[load-false] [color-data]',
      summary: 'The wrapper of an embedded video (`oembed`), with its overlay thumbnail when it has one; `load-false` defers loading, `color-data` adds the overlay\'s colours.',
      examples: [
        {
          template: '{item|video}',
          data: { item: { id: 'v1', oembed: { html: '<iframe src="https://player.example.com/1"></iframe>', providerName: 'ExampleTube' } } },
          output: '<div class="sqs-video-wrapper" data-html="&lt;iframe src=&quot;https://player.example.com/1&quot;&gt;&lt;/iframe&gt;" data-provider-name="ExampleTube"></div>',
        },
      ],
    },
  },
  predicates: {
    'calendar-view?': {
      args: '',
      summary: 'The page shows its collection as a calendar (`calendarView`).',
      examples: [{ template: '{.calendar-view?}calendar{.or}list{.end}', data: { calendarView: true }, output: 'calendar' }],
    },
    'child-images?': {
      args: '',
      summary: 'The current collection\'s first child item has a main image.',
      examples: [{ template: '{.section gallery}{.child-images?}has images{.end}{.end}', data: { gallery: { items: [{ mainImageId: 'img1' }] } }, output: 'has images' }],
    },
    'clickable?': {
      args: '',
      summary: 'A navigation entry is clickable: not a folder, or a folder that opens an index or redirects (`folderBehavior` 1 or 2).',
      examples: [{ template: '{.repeated section nav}{.clickable?}<a>{title}</a>{.or}<span>{title}</span>{.end}{.end}', data: { nav: [{ title: 'Shop' }, { title: 'More', folderBehavior: 3 }] }, output: '<a>Shop</a><span>More</span>' }],
    },
    'collection?': {
      args: '',
      summary: 'The current node has a `collection`: the page belongs to a collection.',
      examples: [{ template: '{.collection?}in {collection.title}{.end}', data: { collection: { title: 'Shop' } }, output: 'in Shop' }],
    },
    'collection-page?': {
      args: '',
      summary: 'The current node\'s collection is a plain page (`collection.type` 10).',
      examples: [{ template: '{.collection-page?}page{.or}collection{.end}', data: { collection: { type: 10 } }, output: 'page' }],
    },
    'collection-template-page?': {
      args: '',
      summary: 'The current node\'s collection (or the node itself) is a template page (`type` 7).',
      examples: [{ template: '{.collection-template-page?}template page{.end}', data: { collection: { type: 7 } }, output: 'template page' }],
    },
    'collectionTypeNameEquals?': {
      args: 'NAME',
      summary: 'The collection\'s `typeName` is NAME (`products`, `blog`, `events`…).',
      examples: [{ template: '{.section collection}{.collectionTypeNameEquals? products}shop{.or}other{.end}{.end}', data: { collection: { typeName: 'products' } }, output: 'shop' }],
    },
    'excerpt?': {
      args: '',
      summary: 'The current item has an excerpt with some text once tags and blanks are removed.',
      examples: [{ template: '{.repeated section items}{.excerpt?}{excerpt}{.or}({title}){.end} {.end}', data: { items: [{ title: 'A', excerpt: '<p>Warm.</p>' }, { title: 'B', excerpt: '<p> </p>' }] }, output: '<p>Warm.</p> (B) ' }],
    },
    'external-link?': {
      args: '',
      summary: 'The current item links elsewhere (`externalLink`).',
      examples: [{ template: '{.section item}{.external-link?}<a href="{externalLink}">{title}</a>{.end}{.end}', data: { item: { title: 'Press', externalLink: 'https://news.example.com/hat' } }, output: '<a href="https://news.example.com/hat">Press</a>' }],
    },
    'folder?': {
      args: '',
      summary: 'The current node\'s collection is a folder (`collection.folder`).',
      examples: [{ template: '{.folder?}folder{.or}page{.end}', data: { collection: { folder: true } }, output: 'folder' }],
    },
    'has-multiple?': {
      args: '',
      summary: 'The current list (or object) has more than one element.',
      examples: [{ template: '{.section images}{.has-multiple?}<button>Next</button>{.end}{.end}', data: { images: ['a.jpg', 'b.jpg'] }, output: '<button>Next</button>' }],
    },
    'index?': {
      args: '',
      summary: 'The current node\'s collection is a folder that opens as an index page (`folderBehavior` 1).',
      examples: [{ template: '{.index?}index{.or}not an index{.end}', data: { collection: { folder: true, folderBehavior: 1 } }, output: 'index' }],
    },
    'location?': {
      args: '',
      summary: 'The current item has a map position (`location.mapLat` and `location.mapLng`).',
      examples: [{ template: '{.section item}{.location?}<div data-lat="{location.mapLat}"></div>{.end}{.end}', data: { item: { location: { mapLat: 59.33, mapLng: 18.06 } } }, output: '<div data-lat="59.33"></div>' }],
    },
    'main-image?': {
      args: '',
      summary: 'The current item has a main image (`mainImageId` or `systemDataId`).',
      examples: [{ template: '{.section item}{.main-image?}<img {mainImage|image-meta}/>{.or}no image{.end}{.end}', data: { item: { title: 'Hat' } }, output: 'no image' }],
    },
    'passthrough?': {
      args: '',
      summary: 'The current item links straight to its source (`passthrough` with a `sourceUrl`).',
      examples: [{ template: '{.section item}{.passthrough?}<a href="{sourceUrl}">{title}</a>{.end}{.end}', data: { item: { title: 'Elsewhere', passthrough: true, sourceUrl: 'https://example.org/post' } }, output: '<a href="https://example.org/post">Elsewhere</a>' }],
    },
    'redirect?': {
      args: '',
      summary: 'The current navigation folder redirects to its first page (`folderBehavior` 2).',
      examples: [{ template: '{.section folder}{.redirect?}redirects{.end}{.end}', data: { folder: { folderBehavior: 2 } }, output: 'redirects' }],
    },
    'same-day?': {
      args: '',
      summary: 'An event starts and ends on the same day in the website\'s time zone (`startDate`, `endDate`).',
      examples: [
        {
          template: '{.section event}{startDate|date %b %d}{.same-day?}{.or} – {endDate|date %b %d}{.end}{.end}',
          data: { website: { timeZone: 'Europe/Stockholm' }, event: { startDate: 1700000000000, endDate: 1700172800000 } },
          output: 'Nov 14 – Nov 16',
        },
      ],
    },
    'serviceNameEmail?': {
      args: '',
      summary: 'A social account entry is the e-mail one (`serviceName` "email").',
      examples: [{ template: '{.repeated section accounts}{.serviceNameEmail?}mailto:{url}{.or}{url}{.end} {.end}', data: { accounts: [{ serviceName: 'email', url: 'hi@example.com' }, { serviceName: 'instagram', url: 'https://instagram.com/shop' }] }, output: 'mailto:hi@example.com https://instagram.com/shop ' }],
    },
    'show-past-events?': {
      args: '',
      summary: 'An events collection is set to show past events (`showPastOrUpcomingEvents` "past").',
      examples: [{ template: '{.section collection}{.show-past-events?}Past events{.or}Upcoming events{.end}{.end}', data: { collection: { showPastOrUpcomingEvents: 'past' } }, output: 'Past events' }],
    },
    'current-type?': {
      args: 'SLICE',
      summary: 'The current slide (of a cover page) is of the slice type SLICE (`heading`, `body`, `image`, `gallery`, `video`, `buttons`, `navigation`, `form`…; `currentType`).',
      examples: [{ template: '{.repeated section slices}{.current-type? image}<img>{.or current-type? heading}<h1>{.end}{.end}', data: { slices: [{ currentType: 1 }, { currentType: 4 }] }, output: '<h1><img>' }],
    },
    ...galleryPredicates(),
    ...recordTypePredicates(),
  },
};
