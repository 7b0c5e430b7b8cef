// The part of jsdom the page checks use (the package ships no types): parse a page, read its DOM.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
