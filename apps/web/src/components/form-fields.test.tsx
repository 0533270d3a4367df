import '../test/setup';
import { optionalText, phoneField, requiredId } from '@haulboard/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormLimits, FormSelect, FormTextField } from './form-fields';

const ZForm = z.object({
  name: z.string().trim().min(1, { error: 'Name is required' }),
  stateId: requiredId(),
});

let submitted: unknown = null;

function Form({ hint }: { hint?: string }) {
  const form = useForm<z.input<typeof ZForm>, unknown, z.output<typeof ZForm>>({ resolver: zodResolver(ZForm), defaultValues: { name: '', stateId: '' }, mode: 'onTouched' });
  return (
    <form onSubmit={form.handleSubmit((values) => (submitted = values))}>
      <FormTextField control={form.control} name="name" id="broker-name" label="Broker name" required helperText={hint ?? ' '} warning={!!hint} />
      <FormSelect
        control={form.control}
        name="stateId"
        label="State"
        items={[
          { value: 5, label: 'California' },
          { value: 44, label: 'Texas' },
        ]}
        helperText=" "
      />
      <button type="submit">Save</button>
    </form>
  );
}

const ZLimited = z.object({ comments: optionalText(200), phone: phoneField('Required', 10, 'Phone number is at most 10 characters') });
function Limited() {
  const form = useForm<z.input<typeof ZLimited>>({ resolver: zodResolver(ZLimited), defaultValues: { comments: '', phone: '' }, mode: 'onTouched' });
  return (
    <FormLimits schema={ZLimited}>
      <FormTextField control={form.control} name="comments" label="Comments" helperText=" " />
      <FormTextField control={form.control} name="phone" label="Phone" helperText=" " />
    </FormLimits>
  );
}

describe('form fields bound to react-hook-form', () => {
  it('a text field shows its error message in place of the helper text, and the value once fixed', async () => {
    render(<Form />);
    const name = screen.getByLabelText(/Broker name/) as HTMLInputElement;
    expect(name.id).toBe('broker-name');
    fireEvent.focus(name);
    fireEvent.blur(name);
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'Acme Freight' } });
    await waitFor(() => expect(screen.queryByText('Name is required')).toBeNull());
    expect(name.value).toBe('Acme Freight');
  });

  it('a warning shows as a status while there is no error', () => {
    render(<Form hint="No city named Austin in California" />);
    expect(screen.getByRole('status').textContent).toBe('No city named Austin in California');
  });

  it('a select hands the form the chosen id as a number', async () => {
    submitted = null;
    render(<Form />);
    fireEvent.change(screen.getByLabelText(/Broker name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Texas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual({ name: 'Acme', stateId: 44 }));
    expect(screen.getByRole('combobox', { name: 'State' }).textContent).toBe('Texas');
  });

  it('says a text is over its schema limit as it is typed, counts near it, and keeps a field’s own wording', async () => {
    render(<Limited />);
    const comments = screen.getByLabelText('Comments') as HTMLInputElement;
    fireEvent.change(comments, { target: { value: 'c'.repeat(185) } });
    expect(await screen.findByText('185 / 200')).toBeTruthy();
    fireEvent.change(comments, { target: { value: 'c'.repeat(201) } });
    expect(await screen.findByText('At most 200 characters')).toBeTruthy();
    expect(comments.getAttribute('aria-invalid')).toBe('true');
    expect(comments.value).toHaveLength(201);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '51255501001' } });
    expect(await screen.findByText('Phone number is at most 10 characters')).toBeTruthy();
  });
});
