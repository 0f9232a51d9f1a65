import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DecimalInput, FormDialog, FormField } from '@/console/components';
import { Modal } from '@/components';

/**
 * Each step's main button takes the focus when it appears (the one before it is gone), so Enter
 * goes on from the amount to the confirmation to Close without the mouse. A module function: the
 * ref is called once per button, not on every render.
 */
const focusOnMount = (el: HTMLButtonElement | null) => el?.focus();

/** The confirmation's Escape, × and backdrop while it runs: the dialog waits for the answer. */
const ignore = () => undefined;

/**
 * The first step of a chips transfer or a cash settlement: its form, whose Continue leads to the
 * confirmation (nothing is sent yet, so it is never busy). Test ids: `${testIdPrefix}-dialog`,
 * `-form` and `-continue`.
 */
export function FormStep({
  title,
  testIdPrefix,
  onClose,
  onSubmit,
  formClassName,
  children,
}: {
  title: string;
  testIdPrefix: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  children: ReactNode;
}) {
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      size="sm"
      testId={`${testIdPrefix}-dialog`}
      onSubmit={onSubmit}
      submitLabel="Continue"
      busy={false}
      submitTestId={`${testIdPrefix}-continue`}
      formClassName={formClassName}
      formTestId={`${testIdPrefix}-form`}
    >
      {children}
    </FormDialog>
  );
}

/** The confirmation's two buttons: back to the form, or the one that sends it. */
export interface ConfirmActions {
  label: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/**
 * The steps after the form of a chips transfer or a cash settlement: with `confirm`, what will
 * happen, Back and the button that does it (neither, nor closing, while it runs); without it, the
 * server's answer and Close. Both steps are this one dialog, so the box stays open between them
 * and keeps the opener to give the focus back to. Test ids: `${testIdPrefix}-dialog`, `-back`,
 * `-confirm` and `-close`.
 */
export function StepDialog({
  title,
  testIdPrefix,
  onClose,
  confirm,
  children,
}: {
  title: string;
  testIdPrefix: string;
  onClose: () => void;
  confirm?: ConfirmActions;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={confirm?.busy ? ignore : onClose}
      size="sm"
      testId={`${testIdPrefix}-dialog`}
      footer={
        confirm ? (
          <>
            <button
              type="button"
              className="btn btn--secondary"
              onClick={confirm.onBack}
              disabled={confirm.busy}
              data-testid={`${testIdPrefix}-back`}
            >
              Back
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={confirm.onConfirm}
              disabled={confirm.busy}
              ref={focusOnMount}
              data-testid={`${testIdPrefix}-confirm`}
            >
              {confirm.busy ? 'Working…' : confirm.label}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn--primary"
            onClick={onClose}
            ref={focusOnMount}
            data-testid={`${testIdPrefix}-close`}
          >
            Close
          </button>
        )
      }
    >
      {children}
    </Modal>
  );
}

/** The amount and the optional remark of a chips transfer or a cash settlement, last on its form. */
export function AmountRemarkFields({
  register,
  errors,
  testIdPrefix,
}: {
  register: (name: 'amount' | 'remark') => UseFormRegisterReturn;
  errors: { amount?: { message?: string }; remark?: { message?: string } };
  testIdPrefix: string;
}) {
  return (
    <>
      <FormField label="Amount" error={errors.amount?.message} errorTestId={`${testIdPrefix}-amount-error`}>
        <DecimalInput
          {...register('amount')}
          aria-invalid={Boolean(errors.amount)}
          data-testid={`${testIdPrefix}-amount`}
        />
      </FormField>
      <FormField label="Remark (optional)" error={errors.remark?.message}>
        <input
          className="input"
          autoComplete="off"
          maxLength={200}
          {...register('remark')}
          data-testid={`${testIdPrefix}-remark`}
        />
      </FormField>
    </>
  );
}
