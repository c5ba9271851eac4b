import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { builderReducer, canNudge, stateFromContent } from '../../lib/builder-state';
import { item } from '../../lib/test-items';
import { SectionCard } from './section-card';

/** One section driven by the builder's own reducer, as the builder drives it. */
function Harness() {
  const [state, dispatch] = useReducer(
    builderReducer,
    stateFromContent({
      sections: [{ key: 'visual', title: 'Visual condition', items: [item('pass_fail')] }],
    }),
  );
  const section = state.sections[0]!;
  return (
    <SectionCard
      section={section}
      index={0}
      sectionCount={1}
      selected={state.selected}
      readOnly={false}
      sectionProblems={[]}
      itemProblems={new Map()}
      canNudge={(uid, direction) => canNudge(state, uid, direction)}
      dispatch={dispatch}
      onRemoveSection={() => {}}
    />
  );
}

describe('builder section: adding an item', () => {
  it("puts the focus on the new item's question field, not back on 'Add item'", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Add item to Visual condition' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Yes \/ No \/ N\/A/ }));
    const editor = await screen.findByTestId('item-editor');
    const question = within(editor).getByLabelText('Question or check');
    await waitFor(() => expect(document.activeElement).toBe(question));
    // The menu's own focus return (10 ms later) does not take it back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(question);
    expect(screen.getAllByTestId('builder-item')).toHaveLength(2);
  });

  it('offers the item actions in one menu (the narrow-screen form)', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Item actions: Pressure gauge in green zone' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.getAllByTestId('builder-item')).toHaveLength(2));
  });
});
