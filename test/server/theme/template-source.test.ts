import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskTemplateSource, MemoryTemplateSource } from '../../../server/theme/template-source.ts';

describe('template sources', () => {
  let outer: string;
  let root: string;
  beforeAll(() => {
    outer = mkdtempSync(join(tmpdir(), 'template-source-'));
    root = join(outer, 'folder');
    mkdirSync(join(root, 'blocks', 'legacy'), { recursive: true });
    writeFileSync(join(outer, 'secret.txt'), 'secret');
    writeFileSync(join(root, 'template.conf'), '{}');
    writeFileSync(join(root, 'blocks', 'nav.block'), 'nav');
    writeFileSync(join(root, 'blocks', 'legacy', 'old.block'), 'old');
  });
  afterAll(() => rmSync(outer, { recursive: true, force: true }));

  it('reads and lists the files and folders of a folder on disk', () => {
    const source = new DiskTemplateSource(root);
    expect(source.read('blocks/nav.block')).toBe('nav');
    expect(source.read('blocks/none.block')).toBeUndefined();
    expect(source.list('')).toEqual(['template.conf']);
    expect(source.list('blocks')).toEqual(['nav.block']);
    expect(source.folders('blocks')).toEqual(['legacy']);
    expect(source.list('missing')).toEqual([]);
  });

  it('never reads outside its folder', () => {
    const source = new DiskTemplateSource(root);
    expect(source.read('../secret.txt')).toBeUndefined();
    expect(source.read('blocks/../../secret.txt')).toBeUndefined();
    expect(source.read(join(outer, 'secret.txt'))).toBeUndefined();
    expect(source.list('..')).toEqual([]);
  });

  it('never follows a symbolic link out of its folder', () => {
    mkdirSync(join(root, 'styles'), { recursive: true });
    symlinkSync(join(outer, 'secret.txt'), join(root, 'styles', 'secret.less'));
    symlinkSync(join(root, 'blocks', 'nav.block'), join(root, 'styles', 'nav.less'));
    const source = new DiskTemplateSource(root);
    expect(source.read('styles/secret.less')).toBeUndefined();
    expect(source.read('styles/nav.less')).toBe('nav');
  });

  it('changes its version when a file changes', () => {
    const source = new DiskTemplateSource(root);
    const before = source.version();
    expect(source.version()).toBe(before);
    writeFileSync(join(root, 'blocks', 'nav.block'), 'nav, longer');
    expect(source.version()).not.toBe(before);
  });

  it('holds files in memory for tests and tools', () => {
    const source = new MemoryTemplateSource({ 'site.region': 'r', 'blocks/a.block': 'a', 'blocks/sub/b.block': 'b' });
    expect(source.list('blocks')).toEqual(['a.block']);
    expect(source.folders('blocks')).toEqual(['sub']);
    const before = source.version();
    source.write('blocks/c.block', 'c');
    expect(source.version()).not.toBe(before);
    expect(source.read('blocks/c.block')).toBe('c');
  });
});
