/** Who makes, sells and licenses the pictures, as their files, certificates and marks name it. */
export const SHOP_NAME = 'Pictura';
