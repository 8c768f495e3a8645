import { LABEL_VALIDITY_DAYS, ORDER_LINK_LIFETIME_DAYS } from '@shared/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

/** The twelve questions of spec 000 §2 (How it works / FAQ), answered with the spec's constants. */
export const faqItems: FaqItem[] = [
  {
    id: 'brands',
    question: 'Which brands do you accept?',
    answer: (
      <>
        <p>
          We buy test strips from all major brands, including OneTouch, Accu-Chek, FreeStyle, Contour, True
          Metrix and Easy Touch, as well as CGM supplies.
        </p>
        <p>
          Our <Link to={paths.products.path}>catalogue</Link> lists every product we currently buy with its
          price. If yours isn't listed, <Link to={paths.contact.path}>contact us</Link> and we'll let you
          know.
        </p>
      </>
    ),
  },
  {
    id: 'damaged-boxes',
    question: 'Do you accept boxes that are damaged?',
    answer: (
      <p>
        Boxes need to be clean and undamaged, sealed in their original packaging. Crushed, torn, wet or
        stained boxes, or boxes with a broken seal, may not be accepted. If you're unsure about a box, send us
        a message with a description before you ship.
      </p>
    ),
  },
  {
    id: 'shipping-label',
    question: 'How do I get a shipping label?',
    answer: (
      <>
        <p>
          Right after checkout we e-mail you a free prepaid shipping label, and you can also generate it on
          your order confirmation page. Print it and attach it to your box, or show its QR code at a postal
          location and they'll print the label for you.
        </p>
        <p>
          A label is valid for {LABEL_VALIDITY_DAYS} days, after which it is cancelled. If yours has expired,{' '}
          <Link to={paths.contact.path}>contact us</Link> for a new one.
        </p>
      </>
    ),
  },
  {
    id: 'payment-timing',
    question: 'When will I get paid?',
    answer: (
      <p>
        Within 36 hours of your package arriving with us. Electronic payments such as PayPal, Cash App, Zelle
        and Venmo arrive almost instantly once sent; a mailed check usually takes 5-7 days to be delivered.
      </p>
    ),
  },
  {
    id: 'transit-damage',
    question: 'What if my package is damaged in transit?',
    answer: (
      <p>
        Pack your boxes snugly in a sturdy shipping box with some padding so they don't move around. If your
        package arrives damaged or goes missing, <Link to={paths.contact.path}>contact us</Link> with your
        order number and we'll look into it with the carrier.
      </p>
    ),
  },
  {
    id: 'extra-items',
    question: "What if I send items that weren't in my order?",
    answer: (
      <p>
        Please send only the items and quantities on your order: that's what your quote and payment are based
        on. Items that weren't in your order may not be paid and can delay processing. If you have more to
        sell, simply place a new order for them.
      </p>
    ),
  },
  {
    id: 'expired-strips',
    question: 'Do you buy expired test strips?',
    answer: (
      <p>
        No. Boxes need at least 10 months left before their expiration date. Each product page shows the
        minimum expiration date we accept for full value.
      </p>
    ),
  },
  {
    id: 'opened-boxes',
    question: 'Do you accept opened boxes?',
    answer: (
      <p>
        No. For everyone's safety we only accept sealed, unopened boxes in their original packaging, stored at
        room temperature.
      </p>
    ),
  },
  {
    id: 'rejected-shipments',
    question: 'What happens if my shipment is rejected?',
    answer: (
      <>
        <p>
          Items that don't meet our acceptance conditions aren't paid. Soiled, blood-stained or contaminated
          items are not paid and not returned, and the whole shipment may be rejected.
        </p>
        <p>
          Notes from our team about your shipment appear when you{' '}
          <Link to={paths.orderStatus.path}>track your order</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'change-mind',
    question: 'Can I change my mind after placing an order?',
    answer: (
      <p>
        Yes. Nothing is final until you ship: if you haven't sent your box, just don't use the label. It
        expires after {LABEL_VALIDITY_DAYS} days. If you've already shipped,{' '}
        <Link to={paths.contact.path}>contact us</Link> as soon as possible with your order number.
      </p>
    ),
  },
  {
    id: 'payment-status',
    question: 'How can I check my payment status?',
    answer: (
      <p>
        Go to <Link to={paths.orderStatus.path}>Track Order</Link> and enter your order number (it starts with
        C, for example C7K2M9Q) and the e-mail address you used at checkout. You'll see your order's status,
        payment status and payment history. The link in your confirmation e-mail also works for{' '}
        {ORDER_LINK_LIFETIME_DAYS} days.
      </p>
    ),
  },
  {
    id: 'payment-methods',
    question: 'What payment methods do you offer?',
    answer: (
      <p>
        You choose how you're paid at checkout. Depending on what's currently offered, that can be CashApp,
        Zelle, PayPal, Venmo, ACH/Wire Transfer, a mailed check or cryptocurrency. The methods available today
        are listed on our <Link to={paths.howItWorks.path}>How It Works</Link> page and at checkout.
      </p>
    ),
  },
];
