// The platform's global `ImageLoader`, which Squarespace pages carry and which @squarespace/core's
// `ImageLoader.load` (and dossier's sqs-core.js) only forwards to. Without it every image a
// template loads this way stays without a `src`. Page code, inlined in `{squarespace-headers}`
// (platform-image-loader.ts): whole-line comments like these are left out of the page, so only
// write comments on lines of their own.
(function (window) {
  'use strict';
  // a page that loads the platform's own scripts keeps its own
  if (window.ImageLoader) return;

  // the widths the platform makes of every image, which `?format=` asks for
  var SIZES = [100, 300, 500, 750, 1000, 1500, 2500];
  var MODES = { fill: 'cover', 'content-fill': 'cover', cover: 'cover', fit: 'contain', 'content-fit': 'contain', contain: 'contain' };
  // the platform's own loading class, and the older one templates' stylesheets hide images by
  var LOADING_CLASSES = ['sqs-image-loading', 'loading'];
  // only the store's uploads have resized copies on this host (the nearest copy at least that wide);
  // elsewhere `?format=` changes only the address, and each width would fetch the same file again
  var RESIZED_PATH = '/uploads/';
  var PLATFORM_HOSTS = /(^|\.)(squarespace-cdn\.com|squarespace\.com|squarespace\.net|sqsp\.net)$/;

  function flag(option, image, name, fallback) {
    if (option !== undefined && option !== null) return option === true || option === 'true';
    var written = image.getAttribute(name);
    return written === null ? fallback : written === 'true';
  }

  function dimensionsOf(image, options) {
    var given = options.dimensions;
    if (given && given.width > 0 && given.height > 0) return { width: +given.width, height: +given.height };
    var parts = (image.getAttribute('data-image-dimensions') || '').split('x');
    var width = parseInt(parts[0], 10);
    var height = parseInt(parts[1], 10);
    return parts.length === 2 && width > 0 && height > 0 ? { width: width, height: height } : null;
  }

  function focalPointOf(image, options) {
    var given = options.focalPoint;
    if (given && !isNaN(parseFloat(given.x)) && !isNaN(parseFloat(given.y))) return { x: parseFloat(given.x), y: parseFloat(given.y) };
    var parts = (image.getAttribute('data-image-focal-point') || '').split(',').map(parseFloat);
    return parts.length === 2 && !isNaN(parts[0]) && !isNaN(parts[1]) ? { x: parts[0], y: parts[1] } : { x: 0.5, y: 0.5 };
  }

  // options.mode, else data-mode, else the parent's content-fill or content-fit class
  function modeOf(image, options) {
    if (options.mode) return MODES[options.mode] || 'none';
    var written = MODES[image.getAttribute('data-mode')];
    if (written) return written;
    var parent = image.parentNode;
    var classes = parent && typeof parent.className === 'string' ? parent.className : '';
    return classes.indexOf('content-fill') >= 0 ? 'cover' : classes.indexOf('content-fit') >= 0 ? 'contain' : 'none';
  }

  function alignmentOf(image, options) {
    var parent = image.parentNode;
    var written = options.fitAlignment || image.getAttribute('data-alignment') || (parent && parent.getAttribute && parent.getAttribute('data-alignment')) || 'center';
    var has = function (side) { return String(written).indexOf(side) >= 0; };
    return { x: has('left') ? 0 : has('right') ? 1 : 0.5, y: has('top') ? 0 : has('bottom') ? 1 : 0.5 };
  }

  function settingsOf(image, options) {
    var load = options.load === true || options.load === false ? String(options.load) : image.getAttribute('data-load') || 'true';
    var adjustment = parseFloat(options.sizeAdjustment !== undefined ? options.sizeAdjustment : image.getAttribute('data-size-adjustment'));
    return {
      source: options.source || image.getAttribute('data-src'),
      load: load,
      force: flag(options.forceImageUpdate, image, 'data-force-image-update', false),
      dimensions: dimensionsOf(image, options),
      focalPoint: focalPointOf(image, options),
      mode: modeOf(image, options),
      alignment: alignmentOf(image, options),
      fixedRatio: flag(options.fixedRatio, image, 'data-fixed-ratio', false),
      stretch: flag(options.stretch, image, 'data-image-stretch', true),
      objectFit: flag(options.useAdvancedPositioning, image, 'data-use-advanced-positioning', false),
      sizeAdjustment: isNaN(adjustment) ? 1 : Math.max(adjustment, 0)
    };
  }

  // the smallest of the platform's widths at least `needed` wide, the widest when none is
  function widthStep(needed) {
    for (var i = 0; i < SIZES.length; i++) if (SIZES[i] >= needed) return SIZES[i];
    return SIZES[SIZES.length - 1];
  }

  // a box with one side unknown takes it from the image's proportions; with both, the image's own size
  function completeBox(width, height, natural) {
    if (!width && !height) return { width: natural.width, height: natural.height };
    if (!width) return { width: height * natural.width / natural.height, height: height };
    if (!height) return { width: width, height: width * natural.height / natural.width };
    return { width: width, height: height };
  }

  // cover: the scale at which the image covers the box; contain: at which it fits inside it
  function scaleFor(mode, natural, box, stretch) {
    var wider = natural.width / natural.height > box.width / box.height;
    var byHeight = mode === 'cover' ? wider : !wider;
    var scale = byHeight ? box.height / natural.height : box.width / natural.width;
    return mode === 'contain' && !stretch ? Math.min(scale, 1) : scale;
  }

  // Where the image goes in its parent's box: covering it with the focal point as near the middle
  // as the edges allow, or fitting inside it along the alignment. A fixed ratio is in percent of
  // the box, so it holds while the box keeps its proportions.
  function placement(settings, box) {
    var natural = settings.dimensions;
    var focal = settings.focalPoint;
    var align = settings.alignment;
    var cover = settings.mode === 'cover';
    if (settings.fixedRatio) {
      var imageRatio = natural.width / natural.height;
      var boxRatio = box.width / box.height;
      var fullWidth = cover ? imageRatio < boxRatio : imageRatio > boxRatio;
      var share = fullWidth ? boxRatio / imageRatio * 100 : imageRatio / boxRatio * 100;
      var offset = (100 - share) * (fullWidth ? (cover ? focal.y : align.y) : (cover ? focal.x : align.x));
      return fullWidth
        ? { unit: '%', width: 100, height: share, left: 0, top: offset }
        : { unit: '%', width: share, height: 100, left: offset, top: 0 };
    }
    var scale = scaleFor(settings.mode, natural, box, settings.stretch);
    var width = natural.width * scale;
    var height = natural.height * scale;
    var along = function (boxLength, length, point, side) {
      return cover ? Math.min(Math.max(boxLength / 2 - length * point, boxLength - length), 0) : (boxLength - length) * side;
    };
    return { unit: 'px', width: width, height: height, left: along(box.width, width, focal.x, align.x), top: along(box.height, height, focal.y, align.y) };
  }

  // object-position along one side: the focal point as near the middle as the edges allow
  function objectPosition(boxLength, length, point) {
    var spare = length - boxLength;
    if (Math.abs(spare) < 0.5) return point;
    return Math.max(Math.min(length * point - boxLength / 2, spare), 0) / spare;
  }

  function parentBox(image, natural) {
    var parent = image.parentNode;
    return completeBox(parent.offsetWidth || 0, parent.offsetHeight || 0, natural);
  }

  function position(image, settings) {
    var style = image.style;
    var box = parentBox(image, settings.dimensions);
    if (settings.objectFit) {
      style.position = style.top = style.left = '';
      style.width = style.height = '100%';
      style.objectFit = settings.mode;
      if (settings.mode === 'cover') {
        var scale = scaleFor('cover', settings.dimensions, box, true);
        var x = objectPosition(box.width, settings.dimensions.width * scale, settings.focalPoint.x);
        var y = objectPosition(box.height, settings.dimensions.height * scale, settings.focalPoint.y);
        style.objectPosition = x * 100 + '% ' + y * 100 + '%';
      } else {
        style.objectPosition = settings.alignment.x * 100 + '% ' + settings.alignment.y * 100 + '%';
      }
      return;
    }
    var place = placement(settings, box);
    style.objectFit = style.objectPosition = '';
    style.left = place.left + place.unit;
    style.top = place.top + place.unit;
    style.width = place.width + place.unit;
    style.height = place.height + place.unit;
    // as the platform does: out of the flow inside a parent placed relatively, else shifted in place
    var parentPosition = window.getComputedStyle(image.parentNode).position;
    style.position = parentPosition === 'relative' ? 'absolute' : 'relative';
    if (settings.mode === 'cover') image.parentNode.style.overflow = 'hidden';
  }

  // The width the image is shown at: its own (its alt text left out, which an image without a
  // source is drawn as), else its parent's, else its full size.
  function shownWidth(image, settings) {
    var natural = settings.dimensions;
    var width;
    var height;
    if (settings.objectFit) {
      width = image.parentNode.offsetWidth;
      height = image.parentNode.offsetHeight;
    } else {
      var alt = image.getAttribute('alt');
      var hideAlt = alt !== null && !image.getAttribute('src');
      if (hideAlt) image.removeAttribute('alt');
      width = image.offsetWidth;
      height = image.offsetHeight;
      if (hideAlt) image.setAttribute('alt', alt);
      if (!width && !height && image.parentNode) width = image.parentNode.offsetWidth;
    }
    if (!natural) return width || 0;
    var box = completeBox(width || 0, height || 0, natural);
    return Math.max(box.width, box.height * natural.width / natural.height);
  }

  function withWidth(source, width) {
    var url;
    try {
      url = new URL(source, window.document.baseURI);
    } catch (error) {
      return source;
    }
    var resized = url.origin === window.location.origin ? url.pathname.indexOf(RESIZED_PATH) === 0 : PLATFORM_HOSTS.test(url.hostname);
    if (!resized) return source;
    var format = 'format=' + width + 'w';
    if (/[?&]format=[^&#]*/.test(source)) return source.replace(/([?&])format=[^&#]*/, '$1' + format);
    var hash = source.indexOf('#');
    var head = hash < 0 ? source : source.slice(0, hash);
    return head + (head.indexOf('?') < 0 ? '?' : '&') + format + (hash < 0 ? '' : source.slice(hash));
  }

  function removeLoadingClasses(image) {
    for (var i = 0; i < LOADING_CLASSES.length; i++) image.classList.remove(LOADING_CLASSES[i]);
  }

  // an image of unknown size is placed once it has loaded and its size is known
  function placeWhenLoaded(image, options) {
    var loaded = function () {
      image.removeEventListener('load', loaded);
      if (!image.naturalWidth || !image.naturalHeight) return;
      image.setAttribute('data-image-dimensions', image.naturalWidth + 'x' + image.naturalHeight);
      load(image, options);
    };
    image.addEventListener('load', loaded);
  }

  // Gives the image the source its shown width needs (never a narrower one than it has) and places
  // it in its parent for 'fill' and 'fit'. True when the image has its source.
  function load(element, config) {
    var image = element && element.getDOMNode ? element.getDOMNode() : element;
    var options = config || {};
    if (!image || image.nodeName !== 'IMG') return false;
    if (image.classList.contains(LOADING_CLASSES[0]) && !options.allowConcurrentLoads) return false;
    var settings = settingsOf(image, options);
    if (settings.load === 'false' && !settings.force) return false;
    if (!settings.source) return false;
    if (settings.dimensions && settings.mode !== 'none' && image.parentNode) position(image, settings);
    var ratio = window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
    var width = widthStep(shownWidth(image, settings) * ratio * settings.sizeAdjustment);
    var had = parseInt(image.getAttribute('data-image-resolution'), 10);
    if (image.getAttribute('src') && had >= width && !settings.force) return true;
    if (!settings.dimensions && settings.mode !== 'none') placeWhenLoaded(image, options);
    image.setAttribute('data-image-resolution', width + 'w');
    image.setAttribute('src', withWidth(settings.source, width));
    removeLoadingClasses(image);
    return true;
  }

  function loadAll(options, root) {
    var images = (root || window.document.body).querySelectorAll('img[data-src]');
    for (var i = 0; i < images.length; i++) load(images[i], options);
  }

  window.ImageLoader = { load: load, loadAll: loadAll };
})(window);
