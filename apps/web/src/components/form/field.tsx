// The one markup of a form field: label, control (input or select), hint and error, with the
// control tied to its hint and error for screen readers (aria-describedby, aria-invalid,
// aria-errormessage). No form library and no zod here: the footer's newsletter form on the
// first load uses it too (docs/decisions/009-forms.md).
import { useId } from 'react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { inlineInputClass, inputClass } from '../form-styles';

interface FieldFrame {
  label: string;
  /** Shown under the control: what the field expects (a phone number's forms). */
  hint?: ReactNode;
  error?: string | undefined;
  /** The label stays for screen readers only (the field's heading already names it). */
  labelHidden?: boolean;
  /** Classes of the wrapper (grid placement); the control's look is shared. */
  className?: string;
  /** Extra classes of the control (a narrower input beside a button). */
  controlClassName?: string;
  /**
   * The error is read out as it appears: for a check that runs on its own (a discount code),
   * where no submit moves the focus to the field.
   */
  announceError?: boolean;
  /** A button that belongs beside the control (Subscribe, Apply): laid out in one row with it. */
  action?: ReactNode;
}

export interface SelectOption {
  value: string;
  label: string;
}

type InputFieldProps = FieldFrame & Omit<ComponentPropsWithRef<'input'>, 'className'>;
type SelectFieldProps = FieldFrame &
  Omit<ComponentPropsWithRef<'select'>, 'className' | 'children'> & {
    options: readonly SelectOption[];
    /** The empty first choice ('Choose a county'). */
    placeholder?: string;
  };

export type FieldProps = InputFieldProps | SelectFieldProps;

const isSelect = (props: FieldProps): props is SelectFieldProps => 'options' in props;

const FRAME_KEYS = [
  'label',
  'hint',
  'error',
  'labelHidden',
  'className',
  'controlClassName',
  'announceError',
  'action',
] as const satisfies ReadonlyArray<keyof FieldFrame>;

/** What goes to the control: every prop but the frame's own (a registration's ref included). */
function controlProps<T extends FieldFrame>(props: T): Omit<T, keyof FieldFrame> {
  const frame: ReadonlySet<string> = new Set(FRAME_KEYS);
  const rest = Object.fromEntries(Object.entries(props).filter(([key]) => !frame.has(key)));
  return rest as Omit<T, keyof FieldFrame>;
}

/**
 * `<Field label="Email" type="email" error={errors.email?.message} {...register('email')} />`:
 * every prop a field does not know goes to the control, a react-hook-form registration included.
 */
export function Field(props: FieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const { label, hint, error, labelHidden, className, controlClassName, announceError, action } =
    props;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
    'aria-errormessage': errorId,
    className: [action ? inlineInputClass : inputClass, controlClassName].filter(Boolean).join(' '),
  } as const;

  let control: ReactNode;
  if (isSelect(props)) {
    const { options, placeholder, ...rest } = controlProps(props);
    control = (
      <select {...rest} {...shared}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input {...controlProps(props)} {...shared} />;
  }

  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={labelHidden ? 'sr-only' : 'block text-sm font-medium text-stone-800'}
      >
        {label}
      </label>
      {action ? (
        <div className="mt-1 flex flex-wrap items-start gap-2">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={announceError ? 'alert' : undefined}
          className="mt-1 text-sm text-red-800"
        >
          {error}
        </p>
      )}
    </div>
  );
}
