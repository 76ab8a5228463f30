import type { Style } from '@pictura/contract';
import type { StyleRecipe } from './style-recipe.js';
import { GRAPHIC_STYLES } from './styles-graphic.js';
import { PRINT_STYLES } from './styles-print.js';
import { SCENIC_STYLES } from './styles-scenic.js';
import { STUDIO_STYLES } from './styles-studio.js';
import { URBAN_STYLES } from './styles-urban.js';
import { CRAFTED_STYLES } from './styles-crafted.js';

/** One recipe per style of the spec's enumeration; the type makes a missing style a compile error. */
export const STYLE_RECIPES: Readonly<Record<Style, StyleRecipe>> = {
  ...GRAPHIC_STYLES,
  ...PRINT_STYLES,
  ...SCENIC_STYLES,
  ...STUDIO_STYLES,
  ...URBAN_STYLES,
  ...CRAFTED_STYLES,
};
