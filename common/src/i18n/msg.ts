/**
 * Marks English text kept in data (a navigation label, a column title) as a catalogue key: it
 * is translated where it is shown (`t(item.label)`), and the catalogue check finds it here.
 */
export const msg = <T extends string>(text: T): T => text;
