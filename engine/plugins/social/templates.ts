/**
 * Internal template sources of the social formatters. They render against the
 * formatted item but may look outward (websiteSettings, item, collection).
 * None ends in a line break: the Java reference trims its template resources
 * before compiling them, so what they write stops at the last `{.end}`.
 */

/** comments: the comment thread container (Disqus or native). */
export const COMMENTS_TEMPLATE =
  '{.if websiteSettings.disqusShortname}\n' +
  '  <div class="squarespace-comments" id="disqus_thread"></div>\n' +
  '{.or}\n' +
  '  <div class="squarespace-comments" id="comments-{id}"' +
  '{.if item} data-item-id="{item.id}" data-public-comment-count="{item.publicCommentCount}" data-comment-state="{item.commentState}"' +
  '{.or}{.if collection} data-collection-id="{collection.id}" data-public-comment-count="{collection.publicCommentCount}" data-comment-state="{collection.commentState}"{.end}' +
  '{.end}></div>\n' +
  '{.end}';

/** comment-link: a link to an item's comments, with its count when native. */
export const COMMENT_LINK_TEMPLATE =
  '{.if websiteSettings.disqusShortname}\n' +
  '  <a href="{fullUrl}" class="sqs-comment-link sqs-disqus-comment-link" data-id="{id}"></a>\n' +
  '{.or}\n' +
  '  <a href="{fullUrl}#comments-{id}" class="sqs-comment-link" data-id="{id}">\n' +
  '  {.equal? publicCommentCount 0}No{.or}{publicCommentCount}{.end}\n' +
  '  Comment{.notEqual? publicCommentCount 1}s{.end}\n' +
  '  </a>\n' +
  '{.end}';

/** like-button: shown only for an item when the site enables simple liking. */
export const LIKE_BUTTON_TEMPLATE =
  '{.if @ && websiteSettings.simpleLikingEnabled}\n' +
  '  <span class="sqs-simple-like" data-item-id="{id}" data-like-count="{likeCount}">\n' +
  '    <span class="like-icon"></span>\n' +
  '    <span class="like-count"></span>\n' +
  '  </span>\n' +
  '{.end}';
