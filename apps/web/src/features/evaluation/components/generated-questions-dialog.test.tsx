import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { QuestionGenerationResults } from '@agentry/core/evaluation';
import { flattenGeneratedResults, settleGeneratedItem } from '../lib/generated-questions';
import { GeneratedQuestionsDialog } from './generated-questions-dialog';

const results: QuestionGenerationResults = {
  industry: [],
  angry: [],
  compliance: [{ question: 'Can I skip the permit?', criteria: 'Says permits are required.' }],
  prompthacking: [],
  custom: { Compliance: [{ question: 'Do you follow the local grid code?', criteria: 'Names the code.' }] },
};

function Review() {
  const [items, setItems] = useState(() => flattenGeneratedResults(results));
  return (
    <GeneratedQuestionsDialog
      isOpen
      onOpenChange={() => undefined}
      items={items}
      onAdd={(item) => setItems((current) => settleGeneratedItem(current, item.key, 'added').items)}
      onReject={(item) => setItems((current) => settleGeneratedItem(current, item.key, 'rejected').items)}
      onGenerateNew={() => undefined}
    />
  );
}

describe('Generated Questions dialog', () => {
  it('keeps a custom category named like a built-in one in a section of its own', async () => {
    const user = userEvent.setup();
    render(<Review />);
    const dialog = await screen.findByRole('dialog', { name: 'Generated Questions' });
    const builtIn = within(dialog).getByRole('region', { name: 'Compliance' });
    const custom = within(dialog).getByRole('region', { name: 'Compliance (custom category)' });
    expect(within(builtIn).getAllByRole('listitem')).toHaveLength(1);
    expect(within(custom).getAllByRole('listitem')).toHaveLength(1);
    expect(within(custom).getByText('Do you follow the local grid code?')).toBeInTheDocument();

    await user.click(within(custom).getByRole('button', { name: 'Add Compliance (custom category) question 1' }));
    expect(within(custom).getByText('Added')).toBeInTheDocument();
    expect(within(builtIn).queryByText('Added')).not.toBeInTheDocument();
    expect(within(builtIn).getByRole('button', { name: 'Add Compliance question 1' })).toBeEnabled();
  });
});
