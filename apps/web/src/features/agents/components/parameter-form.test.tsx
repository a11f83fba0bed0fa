import type { ParameterSetting, ToolSchema } from '@agentry/core/tools';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParameterForm } from './parameter-form';

const schema: Pick<ToolSchema, 'properties' | 'required'> = {
  properties: {
    city: { type: 'string', description: 'Where the customer lives' },
    timezone: { type: 'string' },
    guests: { type: 'integer', minimum: 1, maximum: 12 },
    budget: { type: 'number' },
    discount: { type: 'number', multipleOf: 0.5, maximum: 10 },
    vip: { type: 'boolean' },
    plan: { type: 'string', enum: ['basic', 'pro'] },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: 'object', properties: { street: { type: 'string' } } },
  },
  required: ['city', 'guests'],
};

function Harness({
  initial = {},
  onModes,
}: {
  initial?: Record<string, ParameterSetting>;
  onModes: (modes: Record<string, ParameterSetting>) => void;
}) {
  const [modes, setModes] = useState(initial);
  return (
    <ParameterForm
      schema={schema}
      modes={modes}
      onChange={(next) => {
        setModes(next);
        onModes(next);
      }}
    />
  );
}

const field = (name: string) => screen.getByRole('group', { name });

/** Every field set to manual with the given values. */
function manual(values: Record<string, unknown>): Record<string, ParameterSetting> {
  return Object.fromEntries(
    Object.keys(schema.properties).map((name) => [name, { mode: 'manual', value: values[name] }]),
  );
}

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('ParameterForm', () => {
  it('leaves every field to the model by default: AI mode on, the overlay shown and the input disabled', () => {
    render(<Harness onModes={vi.fn()} />);
    const city = field('city');
    expect(within(city).getByRole('button', { name: 'AI mode' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(city).getByText('Determined by model')).toBeInTheDocument();
    expect(within(city).getByRole('textbox')).toBeDisabled();
    expect(within(field('vip')).getByRole('switch')).toBeDisabled();
  });

  it('turning AI mode off makes the field manual and editable; turning it on again disables it', async () => {
    const onModes = vi.fn();
    const user = userEvent.setup();
    render(<Harness onModes={onModes} />);
    const city = field('city');
    await user.click(within(city).getByRole('button', { name: 'AI mode' }));
    expect(within(city).getByRole('button', { name: 'AI mode' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(city).queryByText('Determined by model')).not.toBeInTheDocument();
    await user.type(within(city).getByRole('textbox'), 'Berlin');
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ city: { mode: 'manual', value: 'Berlin' } }));

    await user.click(within(city).getByRole('button', { name: 'AI mode' }));
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ city: { mode: 'auto', value: 'Berlin' } }));
    expect(within(city).getByRole('textbox')).toBeDisabled();
  });

  it('marks required fields with an asterisk', () => {
    render(<Harness onModes={vi.fn()} />);
    expect(within(field('city')).getByText('*')).toBeInTheDocument();
    expect(within(field('guests')).getByText('*')).toBeInTheDocument();
    expect(within(field('budget')).queryByText('*')).not.toBeInTheDocument();
  });

  it('renders each field by its type, with a raw JSON input for unsupported types', () => {
    render(<Harness initial={manual({})} onModes={vi.fn()} />);
    expect(within(field('city')).getByRole('textbox')).toBeEnabled();
    expect(within(field('guests')).getByRole('spinbutton')).toBeInTheDocument();
    expect(within(field('vip')).getByRole('switch', { name: 'vip' })).toBeInTheDocument();
    expect(within(field('plan')).getByRole('combobox', { name: 'plan' })).toBeInTheDocument();
    expect(within(field('tags')).getByRole('button', { name: 'Add item' })).toBeInTheDocument();
    expect(within(field('address')).getByText('Raw JSON (object)')).toBeInTheDocument();
    expect(within(field('address')).getByRole('textbox')).toHaveClass('font-mono');
  });

  it('shows min and max hints and sizes sliders: 0-100 by default, step 1 for integers, else the multiple or 0.1', () => {
    render(<Harness initial={manual({ guests: 4 })} onModes={vi.fn()} />);
    const guests = field('guests');
    expect(within(guests).getByText('Min: 1')).toBeInTheDocument();
    expect(within(guests).getByText('Max: 12')).toBeInTheDocument();
    const guestsSlider = within(guests).getByRole('slider', { name: 'guests slider' });
    expect(guestsSlider).toHaveAttribute('aria-valuemin', '1');
    expect(guestsSlider).toHaveAttribute('aria-valuemax', '12');
    expect(guestsSlider).toHaveAttribute('aria-valuenow', '4');
    expect(within(guests).getByRole('spinbutton')).toHaveAttribute('step', '1');

    const budget = field('budget');
    expect(within(budget).getByText('Min: 0')).toBeInTheDocument();
    expect(within(budget).getByText('Max: 100')).toBeInTheDocument();
    expect(within(budget).getByRole('spinbutton')).toHaveAttribute('step', '0.1');
    expect(within(field('discount')).getByRole('spinbutton')).toHaveAttribute('step', '0.5');
  });

  it('turns an emptied number into null, never 0', async () => {
    const onModes = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={manual({ budget: 12.5 })} onModes={onModes} />);
    const input = within(field('budget')).getByRole('spinbutton');
    expect(input).toHaveValue(12.5);
    await user.clear(input);
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ budget: { mode: 'manual', value: null } }));
    await user.type(input, '7');
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ budget: { mode: 'manual', value: 7 } }));
  });

  it('moves the number when the slider moves', async () => {
    const onModes = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={manual({ guests: 4 })} onModes={onModes} />);
    const guests = field('guests');
    within(guests).getByRole('slider', { name: 'guests slider' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ guests: { mode: 'manual', value: 5 } }));
    expect(within(guests).getByRole('spinbutton')).toHaveValue(5);
  });

  it('sets null when the last array item is removed', async () => {
    const onModes = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={manual({ tags: ['vip', 'new'] })} onModes={onModes} />);
    const tags = field('tags');
    await user.click(within(tags).getByRole('button', { name: 'Remove tags item 1' }));
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ tags: { mode: 'manual', value: ['new'] } }));
    await user.click(within(tags).getByRole('button', { name: 'Remove tags item 1' }));
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ tags: { mode: 'manual', value: null } }));
    await user.click(within(tags).getByRole('button', { name: 'Add item' }));
    expect(onModes).toHaveBeenLastCalledWith(expect.objectContaining({ tags: { mode: 'manual', value: [''] } }));
  });

  it('validates timezone-named fields with the three documented messages', async () => {
    const user = userEvent.setup();
    render(<Harness initial={manual({ timezone: '' })} onModes={vi.fn()} />);
    const timezone = field('timezone');
    const input = within(timezone).getByRole('textbox');

    await user.type(input, 'Europe/Berlin');
    expect(within(timezone).getByRole('alert')).toHaveTextContent(
      'Invalid timezone format. Use UTC+X or UTC-X (e.g., UTC+8, UTC-5)',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'UTC+15');
    expect(within(timezone).getByRole('alert')).toHaveTextContent('Timezone offset must be between UTC-12 and UTC+14');

    await user.clear(input);
    await user.type(input, 'UTC+5:15');
    expect(within(timezone).getByRole('alert')).toHaveTextContent('Timezone minutes must be 00, 30, or 45');

    await user.clear(input);
    await user.type(input, 'UTC+5:30');
    expect(within(timezone).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('keeps raw JSON that does not parse out of the value and says so', async () => {
    const onModes = vi.fn();
    const user = userEvent.setup();
    render(<Harness initial={manual({})} onModes={onModes} />);
    const address = field('address');
    const input = within(address).getByRole('textbox');
    await user.click(input);
    await user.paste('{"street": "Main St 1"}');
    expect(onModes).toHaveBeenLastCalledWith(
      expect.objectContaining({ address: { mode: 'manual', value: { street: 'Main St 1' } } }),
    );
    await user.type(input, 'x');
    expect(within(address).getByRole('alert')).toHaveTextContent('Enter valid JSON');
    expect(onModes).toHaveBeenLastCalledWith(
      expect.objectContaining({ address: { mode: 'manual', value: { street: 'Main St 1' } } }),
    );
  });

  it('says so when a tool takes no parameters', () => {
    render(<ParameterForm schema={{ properties: {}, required: [] }} modes={{}} onChange={vi.fn()} />);
    expect(screen.getByText('This tool takes no parameters.')).toBeInTheDocument();
  });
});
