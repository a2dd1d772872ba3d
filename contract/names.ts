import { z } from 'zod/mini';

/**
 * A name an operator gives (a site's, a banner's, a catalogue item's) is a title: the page title, the
 * manifest, a picture's alternative text, a list row. It is never markup, so the characters that open and
 * close a tag are refused where names are written (issue 31), instead of trusting every place that shows one.
 * `&` and quotes stay allowed: "Games & Fun" is a name, and no tag can be written without `<`.
 */
export const MARKUP_CHARACTERS = /[<>]/;

/** The check of a name: no markup characters. */
export const noMarkup = () => z.refine<string>((v) => !MARKUP_CHARACTERS.test(v), 'markup_characters');
