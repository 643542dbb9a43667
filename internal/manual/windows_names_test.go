package manual

import "testing"

func TestWindowsDevice(t *testing.T) {
	for base, want := range map[string]bool{"CON.md": true, "con.md": true, "Aux.instructions.md": true, "nul.md": true,
		"COM1.md": true, "lpt9.md": true, "console.md": false, "com10.md": false, "deploy.md": false, "SKILL.md": false,
		"prn-setup.md": false, "comx.md": false} {
		if _, got := windowsDevice(base); got != want {
			t.Errorf("windowsDevice(%q) = %v, want %v", base, got, want)
		}
	}
}
