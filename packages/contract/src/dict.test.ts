import { describe, expect, it } from 'vitest';
import { dictItemAddBody, dictItemProblem, dictTypeProblem } from './dict';

describe('dictionary rules', () => {
  it('checks a type name and its description', () => {
    expect(dictTypeProblem({ type: 'alarmLevel', description: 'Levels' })).toBeNull();
    for (const type of ['', '1abc', 'a-b', 'a b', '中文']) {
      expect(dictTypeProblem({ type, description: 'x' }), type).toBe('typeFormat');
    }
    expect(dictTypeProblem({ type: 'ok', description: '' })).toBe('descriptionRequired');
  });
  it('needs key, value and a Chinese and English label; trims them', () => {
    const item = (over: object) =>
      dictItemAddBody.parse({ typeId: 1, key: 'k', value: 'v', labels: { zh_CN: '甲', en_US: 'A' }, ...over });
    expect(dictItemProblem(item({}))).toBeNull();
    expect(item({ key: '  k  ' }).key).toBe('k');
    expect(dictItemProblem(item({ key: '  ' }))).toBe('keyRequired');
    expect(dictItemProblem(item({ value: '' }))).toBe('valueRequired');
    expect(dictItemProblem(item({ labels: { zh_CN: '甲' } }))).toBe('labelRequired');
    expect(dictItemProblem(item({ labels: { en_US: 'A', zh_CN: ' ' } }))).toBe('labelRequired');
  });
});
