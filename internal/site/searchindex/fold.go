package searchindex

// foldTable maps lowercase letters with diacritics, ligatures and ß to ASCII,
// so that "Prüfung" and "Pruefung", "Straße" and "Strasse", "café" and "cafe"
// become the same token. German umlauts fold to their two-letter spelling.
// theme/assets/js/search/analyze.js holds the same table; the analysis
// vectors in testdata/ prove that both sides agree.
var foldTable = map[rune]string{
	'ä': "ae", 'ö': "oe", 'ü': "ue", 'ß': "ss",
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'æ': "ae", 'ç': "c", 'ć': "c", 'ĉ': "c", 'ċ': "c", 'č': "c", 'ď': "d", 'đ': "d", 'ð': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ĕ': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ĝ': "g", 'ğ': "g", 'ġ': "g", 'ģ': "g", 'ĥ': "h", 'ħ': "h",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ĩ': "i", 'ī': "i", 'ĭ': "i", 'į': "i", 'ı': "i",
	'ĳ': "ij", 'ĵ': "j", 'ķ': "k", 'ĺ': "l", 'ļ': "l", 'ľ': "l", 'ŀ': "l", 'ł': "l",
	'ñ': "n", 'ń': "n", 'ņ': "n", 'ň': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ø': "o", 'ō': "o", 'ŏ': "o", 'ő': "o", 'œ': "oe",
	'ŕ': "r", 'ŗ': "r", 'ř': "r", 'ś': "s", 'ŝ': "s", 'ş': "s", 'š': "s", 'ſ': "s",
	'ţ': "t", 'ť': "t", 'ŧ': "t", 'þ': "th",
	'ù': "u", 'ú': "u", 'û': "u", 'ũ': "u", 'ū': "u", 'ŭ': "u", 'ů': "u", 'ű': "u", 'ų': "u",
	'ŵ': "w", 'ý': "y", 'ÿ': "y", 'ŷ': "y", 'ź': "z", 'ż': "z", 'ž': "z",
	'ﬀ': "ff", 'ﬁ': "fi", 'ﬂ': "fl", 'ﬃ': "ffi", 'ﬄ': "ffl", 'ﬅ': "st", 'ﬆ': "st",
}

// combiningDiaeresis after a, o or u spells an umlaut in decomposed form
// ("u\u0308"); it folds like the precomposed letter. Other combining marks
// are dropped.
const combiningDiaeresis = '\u0308'
