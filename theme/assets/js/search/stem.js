// Stemming with the Snowball English and German stemmers, exactly as the
// index builder (internal/site/searchindex) stems with their Go originals.
import { Env } from './snowball-env.js';
import { Stem as english } from './snowball-english.js';
import { Stem as german } from './snowball-german.js';

function run(stem, word) {
  const env = new Env(word);
  stem(env);
  return env.Current();
}

// stemEnglish returns the English (Porter2) stem of a lowercase word.
export function stemEnglish(word) {
  return run(english, word);
}

// stemGerman returns the German stem of a lowercase word.
export function stemGerman(word) {
  return run(german, word);
}
