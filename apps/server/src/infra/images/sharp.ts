import sharp from 'sharp';

/*
 * libvips' operation cache recognises a Buffer input by where it lies in memory, and Node frees
 * and reuses memory: a precaution, as no wrong answer was seen from it. Every picture here is new
 * bytes, so the cache never saves work; it is off for the whole process.
 */
sharp.cache(false);

export default sharp;
