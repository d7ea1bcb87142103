import './form-error.css';
import { useMessageText, type FieldCheck } from './message';

/** A form-level message (a failed call that names no field). */
export function FormError({ error }: { error: FieldCheck | undefined }) {
  const text = useMessageText();
  return (
    <p className="form-error" role="alert">
      {error ? text(error) : null}
    </p>
  );
}
