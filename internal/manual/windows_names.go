package manual

import "strings"

// windowsDevice reports whether the file name base is one Windows keeps
// for a device (CON, PRN, AUX, NUL, COM0-9, LPT0-9, in any case, also
// with an extension: con.md, Aux.instructions.md), and which: no file of
// that name can be created there.
func windowsDevice(base string) (string, bool) {
	stem, _, _ := strings.Cut(base, ".")
	switch u := strings.ToUpper(stem); {
	case u == "CON" || u == "PRN" || u == "AUX" || u == "NUL":
		return stem, true
	case len(u) == 4 && (u[:3] == "COM" || u[:3] == "LPT") && u[3] >= '0' && u[3] <= '9':
		return stem, true
	}
	return "", false
}
