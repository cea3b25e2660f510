/*
 * A faithful stand-in for Stripe.js (https://js.stripe.com/<train>/stripe.js), for tests only: the real script
 * cannot be reached here. The browser tests serve it in place of Stripe's URL (page.route); the component tests
 * evaluate it in jsdom. It implements the subset the shop calls, talking to the Stripe API the way Stripe.js does
 * (form-encoded, the publishable key as the `key` field, so no CORS preflight):
 *   Stripe(pk) → elements().create('card' | 'payment') → mount(node | selector), on(), unmount(), destroy()
 *   createPaymentMethod({type: 'card', card | element, billing_details}) → POST /v1/payment_methods
 *   handleNextAction({clientSecret}) / confirmCardPayment(clientSecret) → GET the PaymentIntent with its client
 *     secret; for requires_action shows the issuer's 3-D Secure challenge (Stripe's test page has "Complete" and
 *     "Fail" buttons) and reports the answer (POST /v1/payment_intents/:id/test_3ds, the fake API's stand-in for
 *     the issuer's callback to Stripe).
 * Simplification: the real Card Element lives in a cross-origin iframe; these inputs are in the page itself,
 * labelled like Stripe's (Card number, MM / YY, CVC).
 */
(function () {
  'use strict';
  var API = 'https://api.stripe.com';

  function call(key, method, path, fields) {
    var body = new URLSearchParams(Object.assign({ key: key }, fields || {})).toString();
    var request =
      method === 'GET'
        ? fetch(API + path + (path.indexOf('?') >= 0 ? '&' : '?') + body)
        : fetch(API + path, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: body,
          });
    return request.then(
      function (res) {
        return res.json();
      },
      function () {
        return { error: { type: 'api_connection_error', message: 'Could not connect to Stripe.' } };
      },
    );
  }

  function integrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }

  function CardElement(type) {
    this.type = type;
    this.node = null;
    this.handlers = {};
  }
  CardElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw integrationError('The selector you specified (' + target + ') applies to no DOM elements.');
    node.innerHTML = '';
    var fields = [
      ['cardnumber', 'Card number', '1234 1234 1234 1234', 'cc-number'],
      ['exp-date', 'MM / YY', 'MM / YY', 'cc-exp'],
      ['cvc', 'CVC', 'CVC', 'cc-csc'],
    ];
    var wrap = document.createElement('div');
    wrap.className = 'StripeElement StripeElement--empty';
    wrap.setAttribute('data-fake-stripe', this.type);
    for (var i = 0; i < fields.length; i++) {
      var input = document.createElement('input');
      input.name = fields[i][0];
      input.setAttribute('aria-label', fields[i][1]);
      input.placeholder = fields[i][2];
      input.autocomplete = fields[i][3];
      input.inputMode = 'numeric';
      wrap.appendChild(input);
    }
    node.appendChild(wrap);
    this.node = wrap;
    var ready = this.handlers.ready || [];
    for (var j = 0; j < ready.length; j++) ready[j]({ elementType: this.type });
  };
  CardElement.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.unmount = function () {
    if (this.node && this.node.parentNode) this.node.parentNode.removeChild(this.node);
    this.node = null;
  };
  CardElement.prototype.destroy = CardElement.prototype.unmount;
  CardElement.prototype.values = function () {
    var get = function (node, name) {
      var input = node && node.querySelector('input[name="' + name + '"]');
      return input ? input.value : '';
    };
    var exp = get(this.node, 'exp-date').replace(/\s/g, '').split('/');
    return {
      number: get(this.node, 'cardnumber').replace(/\D/g, ''),
      month: exp[0] || '',
      year: exp[1] ? (exp[1].length === 2 ? '20' + exp[1] : exp[1]) : '',
      cvc: get(this.node, 'cvc'),
    };
  };

  /** What Stripe.js checks itself before any call: an incomplete field. */
  function incomplete(v) {
    if (v.number.length < 13) return ['incomplete_number', 'Your card number is incomplete.'];
    if (!v.month || !v.year) return ['incomplete_expiry', "Your card's expiration date is incomplete."];
    if (v.cvc.length < 3) return ['incomplete_cvc', "Your card's security code is incomplete."];
    return null;
  }

  /** The issuer's challenge, in a dialog over the page (Stripe shows it in a modal frame). */
  function challenge() {
    return new Promise(function (resolve) {
      var box = document.createElement('div');
      box.setAttribute('role', 'dialog');
      box.setAttribute('aria-label', '3D Secure 2 Test Page');
      box.setAttribute('data-fake-stripe', 'challenge');
      box.style.cssText =
        'position:fixed;inset:20% 10%;background:#fff;border:1px solid #888;padding:16px;z-index:99999';
      var p = document.createElement('p');
      p.textContent = 'Complete or fail this 3D Secure 2 authentication.';
      box.appendChild(p);
      [
        ['Complete', true],
        ['Fail', false],
      ].forEach(function (b) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = b[0];
        button.addEventListener('click', function () {
          box.parentNode.removeChild(box);
          resolve(b[1]);
        });
        box.appendChild(button);
      });
      document.body.appendChild(box);
    });
  }

  function handleNextAction(key, clientSecret) {
    if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
      return Promise.reject(integrationError('Invalid value for handleNextAction: clientSecret.'));
    }
    var id = clientSecret.split('_secret_')[0];
    var path = '/v1/payment_intents/' + id;
    return call(key, 'GET', path, { client_secret: clientSecret }).then(function (pi) {
      if (pi.error) return { error: pi.error };
      if (pi.status !== 'requires_action') {
        return pi.status === 'succeeded' || pi.status === 'processing'
          ? { paymentIntent: pi }
          : { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', payment_intent: pi } };
      }
      return challenge().then(function (passed) {
        var fields = { client_secret: clientSecret, outcome: passed ? 'pass' : 'fail' };
        return call(key, 'POST', path + '/test_3ds', fields).then(function (done) {
          if (done.status === 'succeeded') return { paymentIntent: done };
          return {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_authentication_failure',
              message: 'We are unable to authenticate your payment method.',
              payment_intent: done,
            },
          };
        });
      });
    });
  }

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (!/^pk_(test|live)_/.test(String(key))) {
      throw integrationError('Invalid API Key provided: ' + key);
    }
    this._key = key;
  }
  Stripe.version = 3;
  Stripe.prototype.elements = function () {
    return {
      create: function (type) {
        if (type !== 'card' && type !== 'payment') throw integrationError('Unsupported Element type: ' + type);
        return new CardElement(type);
      },
    };
  };
  Stripe.prototype.createPaymentMethod = function (params) {
    var element = params && (params.card || params.element);
    if (!element || !(element instanceof CardElement)) {
      return Promise.reject(integrationError('Please provide a mounted card Element.'));
    }
    var v = element.values();
    var missing = incomplete(v);
    if (missing) return Promise.resolve({ error: { type: 'validation_error', code: missing[0], message: missing[1] } });
    var billing = (params.billing_details && params.billing_details.name) || '';
    return call(this._key, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': v.number,
      'card[exp_month]': v.month,
      'card[exp_year]': v.year,
      'card[cvc]': v.cvc,
      'billing_details[name]': billing,
    }).then(function (r) {
      return r.error ? { error: r.error } : { paymentMethod: r };
    });
  };
  Stripe.prototype.handleNextAction = function (options) {
    return handleNextAction(this._key, options && options.clientSecret);
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret) {
    return handleNextAction(this._key, clientSecret);
  };
  Stripe.prototype._registerWrapper = function () {};

  window.Stripe = Stripe;
})();
