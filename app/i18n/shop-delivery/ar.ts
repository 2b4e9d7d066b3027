/** Shop texts of the delivery options of the order forms: commune and home / stop-desk. Arabic is the source. */
const shopDelivery = {
  commune: "البلدية",
  chooseCommune: "اختر البلدية",
  communeSearch: "ابحث عن البلدية",
  communeSearchPlaceholder: "اكتب اسم البلدية…",
  communeMatches_zero: "لا توجد بلدية مطابقة",
  communeMatches_one: "بلدية واحدة مطابقة",
  communeMatches_two: "بلديتان مطابقتان",
  communeMatches_few: "{{count}} بلديات مطابقة",
  communeMatches_many: "{{count}} بلدية مطابقة",
  communeMatches_other: "{{count}} بلدية مطابقة",
  communesLoading: "جارٍ تحميل البلديات…",
  communesError: "تعذر تحميل البلديات",
  deliveryType: "طريقة التوصيل",
  home: "التوصيل للمنزل",
  stopDesk: "التوصيل للمكتب (Stop-desk)",
  stopDeskChoice: "نقطة الاستلام",
  chooseStopDesk: "اختر نقطة الاستلام",
  stopDesksLoading: "جارٍ تحميل نقاط الاستلام…",
  stopDeskIn: "{{name}} ({{commune}})",
  stopDeskAt: "{{name}} ({{commune}}) - {{address}}",
  fields: {
    invalid_commune: "البلدية غير صحيحة",
    invalid_delivery_type: "طريقة التوصيل غير صحيحة",
    commune_required: "اختر البلدية.",
    commune_not_in_wilaya: "هذه البلدية ليست في الولاية المختارة",
    no_stop_desk: "لا يوجد توصيل للمكتب في هذه الولاية",
    stop_desk_required: "اختر نقطة الاستلام.",
    stop_desk_unknown: "نقطة الاستلام هذه غير متوفرة في الولاية المختارة، اختر أخرى.",
  },
};

export default shopDelivery;
export type ShopDeliveryDictionary = typeof shopDelivery;
