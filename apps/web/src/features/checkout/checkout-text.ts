// The checkout's words that travel as strings (its own fixed messages, the payment's, and the
// contract's and the server's) in the page's language (decisions 049 and 050). The English is
// the same text; a message built of several says each part in turn.
import type { Translate } from '../../lib/i18n';
import { ownTexts, problemText } from '../../lib/problem-text';
import { NETWORK_MESSAGE, NEW_TOTAL_TEXT, REMOVE_LINE_TEXT } from './checkout-errors';
import { paymentMessageKey } from './payment-errors';
import { AGENT_FEE_FAILED } from './use-checkout-delivery';
import { CODE_CHECK_FAILED } from './use-discount-code';
import { CHECK_FIELDS_MESSAGE, UNAVAILABLE_MESSAGE } from './use-place-order';

const checkoutOwnTexts = ownTexts([
  [CHECK_FIELDS_MESSAGE, 'checkout.problem.checkFields'],
  [UNAVAILABLE_MESSAGE, 'checkout.problem.unavailable'],
  [NETWORK_MESSAGE, 'checkout.problem.network'],
  [CODE_CHECK_FAILED, 'checkout.problem.codeCheckFailed'],
  [AGENT_FEE_FAILED, 'checkout.problem.agentFeeFailed'],
  [NEW_TOTAL_TEXT, 'checkout.problem.newTotal'],
  [REMOVE_LINE_TEXT, 'checkout.problem.removeLine'],
]);

export function checkoutText(message: string, t: Translate): string {
  return problemText(message, t, (text) => {
    const payment = paymentMessageKey(text);
    return payment ? t(payment) : checkoutOwnTexts(text, t);
  });
}
