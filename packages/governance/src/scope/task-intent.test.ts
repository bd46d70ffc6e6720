import { describe, expect, it } from 'vitest';
import { asksForChange } from './task-intent.js';

describe('asksForChange: whether a task asks for any change, in en, es, fr and hi', () => {
  it.each([
    'explain src/app.ts', 'Explain how the parser works', 'what does src/app.ts do?', 'list the TODOs under src/', 'summarise README.md', 'Which files are in src/?',
    'explica src/app.ts', '¿qué hace src/app.ts?', 'describe el módulo de pagos', 'muéstrame los TODO',
    'explique src/app.ts', 'pourquoi ce test échoue-t-il ?', 'décris le module', 'liste les fichiers de src/',
    'src/app.ts को समझाओ', 'यह फ़ाइल क्या करती है?', 'README बताओ', '',
    // Summarising into words, not into a file, writes nothing.
    'resume notes/meeting.md en una frase', 'résume notes/meeting.md en deux lignes', 'Résume le chapitre dans tes mots',
  ])('no change: %s', (task) => {
    expect(asksForChange(task)).toBe(false);
  });

  it.each([
    'the tests fail, fix the bug', 'run the test suite and fix the failing test', 'Summarise notes.md into SUMMARY.md', 'reformat src/app.ts', 'add a `count` script to package.json',
    'explain and fix the failing test', 'bump the version in package.json', 'tidy up src/', 'make the build green',
    'arregla el error en notas.md', '¿puedes corregir notas.md?', 'añade una función suma',
    'corrige la faute dans notes.md', 'ajoute un test pour sum', 'peux-tu modifier le README ?',
    'notes.md में टाइपो ठीक करो', 'sum फ़ंक्शन जोड़ो', 'README.md अपडेट करो',
    // Summarising INTO a file writes it.
    'Resume notes/meeting.md en SUMMARY.md.', 'Résume notes/meeting.md dans SUMMARY.md.', 'notes/meeting.md का सारांश SUMMARY.md में लिखो।',
  ])('asks for a change: %s', (task) => {
    expect(asksForChange(task)).toBe(true);
  });
});
