import { describe, expect, it } from 'vitest';
import { applyFormat, formatForKey, type TextEdit } from './markdownFormat.ts';

const sel = (text: string, word: string): TextEdit => ({ text, start: text.indexOf(word), end: text.indexOf(word) + word.length });
const selected = (e: TextEdit) => e.text.slice(e.start, e.end);

describe('applyFormat', () => {
  it('wraps the selection in bold and takes it off on a second press', () => {
    const once = applyFormat(sel('a word here', 'word'), 'bold');
    expect(once.text).toBe('a **word** here');
    expect(selected(once)).toBe('word');
    expect(applyFormat(once, 'bold').text).toBe('a word here');
  });

  it('puts a placeholder in italics when nothing is selected, selected for typing over', () => {
    const edit = applyFormat({ text: 'x ', start: 2, end: 2 }, 'italic');
    expect(edit.text).toBe('x *italic text*');
    expect(selected(edit)).toBe('italic text');
  });

  it('does not take italics off a bold word', () => {
    expect(applyFormat(sel('**word**', 'word'), 'italic').text).toBe('***word***');
  });

  it('makes the selected lines a list, and back', () => {
    const text = 'intro\none\ntwo\nend';
    const list = applyFormat({ text, start: text.indexOf('one'), end: text.indexOf('two') + 3 }, 'list');
    expect(list.text).toBe('intro\n- one\n- two\nend');
    expect(applyFormat({ text: list.text, start: list.start, end: list.end }, 'list').text).toBe(text);
  });

  it('makes the line a heading, replacing another heading level, and back', () => {
    expect(applyFormat(sel('Method', 'Met'), 'heading').text).toBe('## Method');
    expect(applyFormat(sel('# Method', 'Met'), 'heading').text).toBe('Method');
    expect(applyFormat(sel('a\nMethod\nb', 'Method'), 'heading').text).toBe('a\n## Method\nb');
  });

  it('links the selection and selects the address to type', () => {
    const edit = applyFormat(sel('see the paper', 'the paper'), 'link');
    expect(edit.text).toBe('see [the paper](https://)');
    expect(selected(edit)).toBe('https://');
  });
});

describe('formatForKey', () => {
  const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
    formatForKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  it('maps the shortcuts', () => {
    expect(key('b', { ctrlKey: true })).toBe('bold');
    expect(key('i', { metaKey: true })).toBe('italic');
    expect(key('k', { ctrlKey: true })).toBe('link');
    expect(key('L', { ctrlKey: true, shiftKey: true })).toBe('list');
    expect(key('H', { ctrlKey: true, shiftKey: true })).toBe('heading');
    expect(key('b')).toBeUndefined();
    expect(key('b', { ctrlKey: true, altKey: true })).toBeUndefined();
  });
});
