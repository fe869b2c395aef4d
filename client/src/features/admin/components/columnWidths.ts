/**
 * Widest a name or e-mail column of the admin tables grows before the text is cut with an
 * ellipsis (issue 14: one 62-character name or 75-character e-mail pushed the amount, status and
 * edit button off-screen at 1280 px). One place, so every admin table cuts alike.
 */
export const NAME_MAX_WIDTH = 170;
export const EMAIL_MAX_WIDTH = 200;
