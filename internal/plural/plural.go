// Package plural writes counts with the right form of their noun:
// "1 file", "2 files", "0 manuals".
package plural

import "strconv"

// Of returns n followed by one when n is 1 and by many otherwise.
func Of(n int, one, many string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + one
	}
	return strconv.Itoa(n) + " " + many
}
