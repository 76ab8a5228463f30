import sharp from 'sharp';

/*
 * libvips' operation cache recognises a Buffer input by where it lies in memory. Node frees and
 * reuses that memory, so a cached result could answer for a different picture: a truncated
 * upload checked as whole, or one provider's picture judged by another's pixels. Every picture
 * here is new bytes, so the cache never helps; it is off for the whole process.
 */
sharp.cache(false);

export default sharp;
