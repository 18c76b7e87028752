// Where the media library's files are served, in a module of its own: pages import it without the media
// libraries. `/media/lib/img/…`: a photograph's variants (its original is never served);
// `/media/lib/video/…`: videos and their captions.
export const LIBRARY_URL_PREFIX = "/media/lib";

/** The address a library video or captions file is served at. */
export const videoUrl = (file: string) => `${LIBRARY_URL_PREFIX}/video/${file}`;
