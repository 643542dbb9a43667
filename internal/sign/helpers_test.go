package sign

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
)

func fileSumOS(p string) (string, int64, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", 0, err
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:]), int64(len(b)), nil
}
