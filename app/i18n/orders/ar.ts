/** Order API texts: the messages of POST /api/orders (errors by code, refused fields by reason). Arabic is the source. */
const orders = {
  /** The message of an answer, by its `error.code`. */
  errors: {
    invalid_json: "تعذّر قراءة الطلب. يرجى المحاولة مرة أخرى.",
    body_too_large: "الطلب أكبر من المسموح به. يرجى المحاولة مرة أخرى.",
    invalid_order: "يرجى التحقق من البيانات المدخلة.",
    rejected: "تعذّر إرسال الطلب. يرجى المحاولة مرة أخرى أو التواصل معنا.",
    rate_limited: "لقد أرسلت طلبات كثيرة خلال وقت قصير. يرجى المحاولة لاحقاً أو التواصل معنا.",
    unknown_product: "أحد المنتجات لم يعد متوفراً في المتجر.",
    out_of_stock: "الكمية المطلوبة من أحد المنتجات غير متوفرة.",
    unknown_wilaya: "التوصيل غير متاح إلى هذه الولاية.",
    invalid_idempotency_key: "تعذّر قراءة الطلب. يرجى المحاولة مرة أخرى.",
    idempotency_key_reused: "تعذّر إرسال الطلب. يرجى المحاولة مرة أخرى.",
    method_not_allowed: "هذه الطريقة غير مسموح بها.",
    unsupported_media_type: "يجب إرسال الطلب بصيغة JSON (application/json).",
    cross_site: "تم رفض الطلب لأنه لم يصدر من هذا المتجر.",
    invalid_api_token: "رمز الوصول إلى واجهة الطلبات غير صحيح.",
  },
  /** Why one field was refused, by reason (`error.fields[name]` holds the translated text). */
  fields: {
    required: "هذا الحقل مطلوب.",
    too_long: "النص أطول من المسموح.",
    name_letter: "يجب أن يحتوي الاسم على حروف عربية أو لاتينية.",
    name_too_long: "الاسم أطول من المسموح: {{max}} حرفاً كحد أقصى.",
    invalid_phone: "أدخل رقم هاتف محمول جزائري صحيح (مثال: 0550123456).",
    invalid_wilaya: "اختر ولاية.",
    invalid_email: "أدخل بريداً إلكترونياً صحيحاً.",
    address_required: "يرجى إدخال العنوان الكامل.",
    items_required: "الطلب لا يحتوي على أي منتج.",
    too_many_items: "الطلب يحتوي على منتجات كثيرة جداً.",
    invalid_product: "منتج غير صالح.",
    invalid_quantity: "الكمية يجب أن تكون عدداً صحيحاً من 1 إلى {{max}}.",
    invalid_source: "مصدر الطلب غير صالح.",
    invalid: "قيمة غير صالحة.",
    unknown_product: "منتج غير معروف.",
    out_of_stock_zero: "نفد من المخزون.",
    out_of_stock_one: "بقيت قطعة واحدة فقط.",
    out_of_stock_two: "بقيت قطعتان فقط.",
    out_of_stock_few: "بقيت {{count}} قطع فقط.",
    out_of_stock_many: "بقيت {{count}} قطعة فقط.",
    out_of_stock_other: "بقيت {{count}} قطعة فقط.",
    stock_left_zero: "«{{title}}» نفد من المخزون.",
    stock_left_one: "بقيت قطعة واحدة فقط من «{{title}}».",
    stock_left_two: "بقيت قطعتان فقط من «{{title}}».",
    stock_left_few: "بقيت {{count}} قطع فقط من «{{title}}».",
    stock_left_many: "بقيت {{count}} قطعة فقط من «{{title}}».",
    stock_left_other: "بقيت {{count}} قطعة فقط من «{{title}}».",
    unknown_wilaya: "التوصيل غير متاح إلى هذه الولاية.",
  },
};

export default orders;
export type OrdersDictionary = typeof orders;
