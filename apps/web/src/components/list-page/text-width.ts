import { useCallback } from 'react';
import { theme } from 'antd';

let canvas: CanvasRenderingContext2D | null | undefined;

/** A full-width character (Chinese, full-width punctuation) is as wide as the font is high. */
const FULL_WIDTH = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/**
 * How wide `text` is drawn in `font` (a CSS font shorthand of size `fontSize`), in pixels. Without a canvas
 * (happy-dom) an estimate: a full-width character a square, any other six tenths of one.
 */
export function textWidth(text: string, font: string, fontSize: number): number {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (canvas) {
    canvas.font = font;
    return canvas.measureText(text).width;
  }
  return [...text].reduce((width, character) => width + (FULL_WIDTH.test(character) ? 1 : 0.6) * fontSize, 0);
}

/**
 * Measures texts as the theme draws them (its font and size), rounded up: what a layout needs to leave room for a
 * text whose length depends on the language.
 */
export function useTextWidth(): (text: string) => number {
  const { token } = theme.useToken();
  const { fontSize, fontFamily } = token;
  return useCallback((text: string) => Math.ceil(textWidth(text, `${fontSize}px ${fontFamily}`, fontSize)), [fontSize, fontFamily]);
}
