import { describe, expect, it } from 'vitest';
import { inspectorSignInPath, safeInspectorNext } from './guards';

describe('inspectorSignInPath', () => {
  it('returns to an inspector page after signing in', () => {
    expect(inspectorSignInPath('/inspector/assignments/12?tab=2')).toBe(
      '/inspector/sign-in?next=%2Finspector%2Fassignments%2F12%3Ftab%3D2',
    );
  });

  it('has no next for the assignments list, another app or nothing', () => {
    expect(inspectorSignInPath('/inspector')).toBe('/inspector/sign-in');
    expect(inspectorSignInPath('/dashboard/sites')).toBe('/inspector/sign-in');
    expect(inspectorSignInPath()).toBe('/inspector/sign-in');
  });

  // A request sent just before signing out answers 401 once the sign-in page is showing.
  it('never makes the sign-in page its own next', () => {
    expect(inspectorSignInPath('/inspector/sign-in')).toBe('/inspector/sign-in');
    expect(inspectorSignInPath('/inspector/sign-in?next=%2Finspector%2Fscan')).toBe('/inspector/sign-in');
  });
});

describe('safeInspectorNext', () => {
  it('follows inspector paths only', () => {
    expect(safeInspectorNext('/inspector/scan')).toBe('/inspector/scan');
    expect(safeInspectorNext('//evil.example/inspector/')).toBe('/inspector');
    expect(safeInspectorNext('https://evil.example')).toBe('/inspector');
    expect(safeInspectorNext(null)).toBe('/inspector');
  });
});
