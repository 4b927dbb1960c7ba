/** A token's text, or its bytes when they are not text on their own (gpt-tokenizer's rank format). */
export type RankedToken = string | number[];
