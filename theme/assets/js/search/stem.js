// Stemming with the Snowball English stemmer, exactly as internal/textan
// stems with its Go original (the German stemmer is textan's light
// stemmer, in analyze.js).
import { Env } from './snowball-env.js';
import { Stem as english } from './snowball-english.js';

// stemEnglish returns the English (Porter2) stem of a lowercase word.
export function stemEnglish(word) {
  const env = new Env(word);
  english(env);
  return env.Current();
}
