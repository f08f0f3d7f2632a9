package data

import "fmt"

// MarshalText implements encoding.TextMarshaler with String.
func (t RyuukyokuType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with
// ParseRyuukyokuType.
func (t *RyuukyokuType) UnmarshalText(b []byte) error {
	v, err := ParseRyuukyokuType(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// ParseLevel reads a level name as Level.String writes it.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("data: unknown lobby level %q (want ippan, joukyuu, tokujou or houou)", s)
}

// MarshalText implements encoding.TextMarshaler with String.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseLevel.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// MarshalText implements encoding.TextMarshaler with String.
func (t EventType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler: it reads the names
// String writes.
func (t *EventType) UnmarshalText(b []byte) error {
	for i, n := range eventNames {
		if n == string(b) {
			*t = EventType(i)
			return nil
		}
	}
	return fmt.Errorf("data: unknown event type %q", b)
}
