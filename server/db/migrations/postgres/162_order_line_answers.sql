-- Each order line's answers to its product's extra-field form, kept with the line: the checkout
-- writes them in words as the shopper checked them before paying ([{"label":…,"value":…}]), for
-- the confirmation page and email. They had been read from the bought cart's entries by variant,
-- which cannot tell two lines of one variant apart, and are lost with the entries when the owner
-- deletes the product.
ALTER TABLE order_items ADD COLUMN form_answers_json TEXT;

-- An older order takes its cart entries' answers (by field id, read with the product's form),
-- each line paired with the entry of the same rank among those of its variant (lines were written
-- in the cart's order, one per entry); only where the cart still holds as many entries of that
-- variant as the order has lines of it, so no line takes another's answers.
UPDATE order_items SET form_answers_json = (
  SELECT NULLIF(e.additional_fields_json, '')
  FROM orders o JOIN cart_entries e ON e.cart_id = o.purchased_cart_id AND e.variant_id = order_items.variant_id
  WHERE o.id = order_items.order_id
    AND (SELECT COUNT(*) FROM cart_entries f
         WHERE f.cart_id = e.cart_id AND f.variant_id = e.variant_id
           AND (f.created_on < e.created_on OR (f.created_on = e.created_on AND f.rowid <= e.rowid)))
      = (SELECT COUNT(*) FROM order_items j
         WHERE j.order_id = order_items.order_id AND j.variant_id = order_items.variant_id AND j.rowid <= order_items.rowid)
)
WHERE EXISTS (
    SELECT 1 FROM orders o JOIN cart_entries e ON e.cart_id = o.purchased_cart_id AND e.variant_id = order_items.variant_id
    WHERE o.id = order_items.order_id AND e.additional_fields_json IS NOT NULL AND e.additional_fields_json <> ''
  )
  AND (SELECT COUNT(*) FROM orders o JOIN cart_entries e ON e.cart_id = o.purchased_cart_id AND e.variant_id = order_items.variant_id
       WHERE o.id = order_items.order_id)
    = (SELECT COUNT(*) FROM order_items j WHERE j.order_id = order_items.order_id AND j.variant_id = order_items.variant_id);
