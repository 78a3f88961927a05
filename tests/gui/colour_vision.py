"""Colour vision for the tests: how a colour looks with each colour-vision deficiency, and how far apart two look.

Colour-vision deficiency is simulated with the Machado, Oliveira & Fernandes (2009) matrices at
full severity, applied in linear RGB; distances are CIE76 ΔE in CIELAB.
"""

from __future__ import annotations

#: Machado, Oliveira & Fernandes (2009) matrices at full severity, for linear RGB.
MACHADO = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
#: The least distance of two colours a child tells apart at a glance from across the room.
MIN_DELTA_E = 20.0


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb_linear: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb_linear)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def seen(color: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    """*color* as someone with *vision* (a key of :data:`MACHADO`) sees it, in CIELAB."""
    lin = [_linear(v) for v in color]
    m = MACHADO[vision]
    return _lab((
        sum(m[0][k] * lin[k] for k in range(3)),
        sum(m[1][k] * lin[k] for k in range(3)),
        sum(m[2][k] * lin[k] for k in range(3)),
    ))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """The CIE76 distance of two CIELAB colours (about 2: just noticeable)."""
    return sum((p - q) ** 2 for p, q in zip(a, b, strict=True)) ** 0.5
