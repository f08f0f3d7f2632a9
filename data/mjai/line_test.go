package mjai

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestReadLine(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     []string
		err      error // after the lines
	}{
		{"lines", "a\nbb\r\nccc", 10, []string{"a", "bb", "ccc"}, io.EOF},
		{"at the limit", "abcd\n", 4, []string{"abcd"}, io.EOF},
		{"over the limit", "abcde\n", 4, nil, ErrLineTooLong},
		{"over the limit without an end", "abcde", 4, nil, ErrLineTooLong},
		{"longer than the buffer", strings.Repeat("x", 100) + "\n", 100, []string{strings.Repeat("x", 100)}, io.EOF},
		{"far longer than the limit", strings.Repeat("x", 1000), 100, nil, ErrLineTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := bufio.NewReaderSize(strings.NewReader(tt.in), 16)
			var got []string
			var err error
			for {
				var line []byte
				if line, err = ReadLine(in, tt.max); err != nil {
					break
				}
				got = append(got, string(line))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || !errors.Is(err, tt.err) {
				t.Errorf("lines %q, %v; want %q, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

func TestExcerpt(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
	}{
		{"plain", `{"type":"none"}`, 200, `{"type":"none"}`},
		{"terminal escape", "\x1b[2Jhi\x07", 200, `\x1b[2Jhi\x07`},
		{"invalid UTF-8", "a\xffb", 200, `a\xffb`},
		{"cut", strings.Repeat("x", 1000), 10, strings.Repeat("x", 10) + "… (1000 bytes)"},
		{"kana kept whole", "リーチ", 200, "リーチ"},
	}
	for _, tt := range tests {
		if got := Excerpt([]byte(tt.in), tt.max); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
